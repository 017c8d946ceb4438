import { Injectable } from '@nestjs/common';
import { AppError, REGIONS_LIMIT_DEFAULT, type RegionView } from '@lp/contracts';
import { parseRegionQuery } from './region-query.js';
import { RegionsRepository } from './regions.repository.js';

@Injectable()
export class RegionsService {
  constructor(private readonly regions: RegionsRepository) {}

  /** Units matching the text, best first: exact names, then word prefixes, then close spellings. */
  async find(q: string, limit: number = REGIONS_LIMIT_DEFAULT): Promise<RegionView[]> {
    const query = parseRegionQuery(q);
    if (!query) throw AppError.invalid('q must contain at least one letter or digit of a place name.');
    return this.regions.find(query, limit);
  }
}
