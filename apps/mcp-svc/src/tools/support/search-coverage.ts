import type { CriterionCoverageView } from '@lp/contracts';
import { z } from 'zod';
import { nearMissesField } from './near-misses.js';

/** A criterion of a search and whether its data exists in the region (spec "Coverage rules"). */
export const searchCoverageSchema = z.object({
  criterion: z.string().describe('area, zoning, slope, vacant, near:<layer>, exclude:<layer>, near_any:<layer>|<layer> (any one suffices) or not_contaminated'),
  mode: z.enum(['requires', 'screens']).describe('requires: must be proven, no data blocks the search; screens: excludes bad parcels where data exists'),
  status: z.enum(['available', 'partial', 'missing']),
  note: z.string().describe('What the status means for the results, in words; for partial or missing, tell the user'),
});
export type SearchCoverage = z.infer<typeof searchCoverageSchema>;

export const searchCoverageField = z
  .array(searchCoverageSchema)
  .describe('One entry per criterion. Every entry whose status is not available must be reported to the user: results were not (fully) checked on it.');

/** The service's coverage with a note on every entry, written for the model to pass on. */
export function searchCoverageOf(coverage: readonly CriterionCoverageView[]): SearchCoverage[] {
  return coverage.map((entry) => ({ criterion: entry.criterion, mode: entry.mode, status: entry.status, note: entry.note ?? defaultNote(entry) }));
}

function defaultNote(entry: CriterionCoverageView): string {
  if (entry.status === 'available') return 'Checked on complete data.';
  if (entry.mode === 'requires') {
    return entry.status === 'missing'
      ? `No data in the region for ${entry.criterion}: this required criterion cannot be proven, so no parcel can be returned.`
      : `Data for ${entry.criterion} covers only part of the region: parcels outside it cannot be proven and are left out.`;
  }
  return entry.status === 'missing'
    ? `No data in the region for ${entry.criterion}: results are NOT screened on it.`
    : `Data for ${entry.criterion} covers only part of the region: some results are not screened on it.`;
}

/** The text a model must pass on: every criterion not fully checked, and why. */
export function coverageWarningLines(coverage: readonly SearchCoverage[], labelOf: (criterion: string) => string = (criterion) => criterion): string[] {
  const gaps = coverage.filter((entry) => entry.status !== 'available');
  if (gaps.length === 0) return [];
  return ['Not fully checked (tell the user):', ...gaps.map((entry) => `- ${labelOf(entry.criterion)} [${entry.mode}, ${entry.status}]: ${entry.note}`)];
}

/** Why a search is blocked, written for the model: which required criteria have no data and what to do. */
export function blockedMessage(coverage: readonly SearchCoverage[], region: string, labelOf: (criterion: string) => string = (criterion) => criterion): string {
  const missing = coverage.filter((entry) => entry.mode === 'requires' && entry.status === 'missing');
  const names = missing.length > 0 ? missing.map((entry) => labelOf(entry.criterion)).join(', ') : 'a required criterion';
  return [
    `The search is blocked: ${names} must be proven for every result, but the data behind it does not exist in ${region}.`,
    'This is NOT "no parcel matches": the data cannot answer the question there.',
    'Tell the user, then offer another region (check layer coverage with resolve_region or the regions resource) or a search without that criterion.',
  ].join(' ');
}

/** The outcome fields both search tools return beside their results. */
export const searchOutcomeFields = {
  count: z.number().int().describe('Results returned'),
  matched: z.number().int().describe('Parcels passing every criterion before the limit'),
  blocked: z.boolean().describe('true: a required criterion has no data in the region, so nothing could be returned (not "no match")'),
  coverage: searchCoverageField,
  unranked_signals: z
    .array(z.string())
    .describe('Ranking signals no result has data for: left out of the score (tell the user the ranking ignores them); empty when every signal has data'),
  near_misses: nearMissesField,
};

/** The line telling the model which ranking signals had no data, if any. */
export function unrankedLines(unranked: readonly string[]): string[] {
  return unranked.length === 0 ? [] : [`Not ranked (no data for any result, left out of the score): ${unranked.join(', ')}.`];
}
