import { Injectable } from '@nestjs/common';
import { AppError, REGIONS_LIMIT_DEFAULT, type RegionView } from '@lp/contracts';
import { parseRegionQuery } from './region-query.js';
import { RegionsRepository } from './regions.repository.js';

const TERYT_CODE = /^(\d{2}|\d{4}|\d{7})$/;

@Injectable()
export class RegionsService {
  constructor(private readonly regions: RegionsRepository) {}

  /** The unit of a TERYT code, or units matching the text, best first: exact names, then word prefixes, then close spellings. */
  async find(q: string, limit: number = REGIONS_LIMIT_DEFAULT): Promise<RegionView[]> {
    // A TERYT code names one unit; the tool server looks regions up this way (resource regions/{teryt}).
    if (TERYT_CODE.test(q.trim())) return this.regions.findByTeryt(q.trim());
    const query = parseRegionQuery(q);
    if (!query) throw AppError.invalid('q must contain at least one letter or digit of a place name.');
    return this.regions.find(query, limit);
  }
}
