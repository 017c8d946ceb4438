import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import { parseBbox, type Bbox } from '@lp/geo';

/** Where a search looks: all of Poland, one TERYT unit (2, 4 or 7 digits) or a WGS84 box. */
export type SearchScope = { kind: 'poland' } | { kind: 'region'; teryt: string } | { kind: 'bbox'; bbox: Bbox };

export function scopeOf(request: SearchParcelsRequest): SearchScope {
  if (request.region !== undefined && request.bbox !== undefined) {
    throw AppError.invalid('send region or bbox, not both; omit both to search all of Poland');
  }
  if (request.region !== undefined) return { kind: 'region', teryt: request.region };
  // a search box may be as large as the country: omitting it searches the whole of Poland anyway
  if (request.bbox !== undefined) return { kind: 'bbox', bbox: parseBbox(request.bbox) };
  return { kind: 'poland' };
}
