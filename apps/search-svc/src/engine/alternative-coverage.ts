import type { CoverageStatus, SearchCriterion } from '@lp/contracts';

/**
 * Coverage of a near_any criterion ("near a planned or trunk road") in one gmina. A parcel near an
 * alternative whose layer has data is proven; one near only an alternative without data cannot be
 * found. So the gmina is available when every alternative has full data, missing when none has any,
 * partial otherwise (results there come only from the alternatives with data).
 */
export function alternativesStatus(statuses: readonly CoverageStatus[]): CoverageStatus {
  if (statuses.length > 0 && statuses.every((s) => s === 'available')) return 'available';
  if (statuses.every((s) => s === 'missing')) return 'missing';
  return 'partial';
}

/** Which alternative lacks data where, so the caller can tell the user what could not be found. */
export function alternativesNote(
  criterion: SearchCriterion,
  gminas: readonly string[],
  statusOf: (layer: string, teryt: string) => CoverageStatus,
  names: (teryts: readonly string[]) => string,
): string {
  const gaps = criterion.layers.flatMap((layer) => {
    const lacking = gminas.filter((teryt) => statusOf(layer, teryt) !== 'available');
    return lacking.length === 0 ? [] : [`${layer} lacks full data in ${lacking.length} of ${gminas.length} gminas (${names(lacking)})`];
  });
  return (
    `${criterion.criterion} is met by any of ${criterion.layers.join(', ')}; ${gaps.join('; ')}. There only the other alternatives were checked, ` +
    'so a parcel near only the missing one is not returned; tell the user this criterion was not fully checked.'
  );
}
