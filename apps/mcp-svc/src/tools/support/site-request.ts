import type { AssemblyOptions, AssemblySearchRequest, SearchParcelsRequest } from '@lp/contracts';

/**
 * A scenario's compiled request as a site assembly: the site's total area replaces the scenario's
 * minimum parcel area, which as a bound on each member would rule out the strips a site is made of.
 */
export function siteRequestOf(request: SearchParcelsRequest, assembly: AssemblyOptions, limit: number): AssemblySearchRequest {
  const { area_sqm: _area, ...filters } = request.filters ?? {};
  return { ...request, filters, limit, assembly };
}
