import type { BlockCoverageView } from '@lp/contracts';
import { z } from 'zod';

/** A layer a fact depends on that has no or only partial data where the parcel lies. */
export const coverageGapSchema = z.object({
  layer: z.string().describe('Layer id (see list_layers)'),
  status: z.enum(['partial', 'missing']).describe('missing: no data here, the fact is unknown (not "none"); partial: data for part of the area only'),
  note: z.string().describe('What is left out or uncertain, in words: tell the user'),
});
export type CoverageGap = z.infer<typeof coverageGapSchema>;

export const coverageGapsField = z
  .array(coverageGapSchema)
  .describe('Layers without (full) data here. Each one is a question the data cannot answer: tell the user, never read it as "none".');

/** The coverage entries that are not `available`, with a note even when the service gave none. */
export function coverageGapsOf(coverage: readonly BlockCoverageView[]): CoverageGap[] {
  return coverage
    .filter((entry): entry is BlockCoverageView & { status: 'partial' | 'missing' } => entry.status === 'partial' || entry.status === 'missing')
    .map((entry) => ({
      layer: entry.layer,
      status: entry.status,
      note: entry.note ?? (entry.status === 'missing' ? `${entry.layer} has no data here, so what it would tell is unknown.` : `${entry.layer} covers only part of this area.`),
    }));
}

/** One text line per gap, for the rendering; empty when every layer had data. */
export function coverageGapLines(gaps: readonly CoverageGap[]): string[] {
  if (gaps.length === 0) return [];
  return ['Data gaps (tell the user; unknown is not "none"):', ...gaps.map((gap) => `- ${gap.layer} (${gap.status}): ${gap.note}`)];
}

/** Gaps of several blocks, each layer once. */
export function mergeGaps(...lists: ReadonlyArray<readonly CoverageGap[]>): CoverageGap[] {
  const byLayer = new Map<string, CoverageGap>();
  for (const gap of lists.flat()) if (!byLayer.has(gap.layer)) byLayer.set(gap.layer, gap);
  return [...byLayer.values()];
}
