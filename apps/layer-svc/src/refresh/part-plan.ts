import { AppError, type LayerDefinition } from '@lp/contracts';
import { PART_CODE, type PartRow } from '../storage/part-storage.repository.js';
import { isKindPart, kindPartKinds } from './kind-parts.js';

/** One part of a layer and the source of its rows. */
export interface PartSource {
  /** A voivodeship (2 digits), a powiat (4 digits) or a gmina (7 digits) of TERYT, or `kinds:<name>`. */
  part: string;
  source: string;
}

/** A part to load, with what an earlier attempt of the run recorded for it (reused when the source is the same). */
export interface PlannedPart extends PartSource {
  earlier: PartRow | null;
}

/** The requested parts, or on a resume with none named, every part the run recorded. */
export function planParts(requested: PartSource[], earlier: PartRow[]): PlannedPart[] {
  const byPart = new Map(earlier.map((row) => [row.part, row]));
  if (requested.length === 0) return earlier.map((row) => ({ part: row.part, source: row.source, earlier: row }));
  return requested.map((item) => {
    const row = byPart.get(item.part);
    return { ...item, earlier: row && row.source === item.source ? row : null };
  });
}

/**
 * Refuses codes that are no part, a part named twice, parts that overlap (a gmina and its powiat),
 * a part of kinds the layer does not have, and a run mixing parts by TERYT and by kind (their rows
 * are told apart by different columns).
 */
export function checkParts(parts: PartSource[], layer: LayerDefinition): void {
  const bad = parts.filter((item) => !PART_CODE.test(item.part)).map((item) => item.part);
  if (bad.length > 0) throw AppError.invalid(`A part is a voivodeship (2 digits), a powiat (4 digits) or a gmina (7 digits) of TERYT, or kinds:<name>, not ${bad.join(', ')}.`);
  for (const item of parts.filter((candidate) => isKindPart(candidate.part))) kindPartKinds(layer, item.part);
  if (new Set(parts.map((item) => isKindPart(item.part))).size > 1) throw AppError.invalid('A run refreshes parts by TERYT or parts by kind, not both; run them separately.');
  const seen = new Set<string>();
  for (const item of parts) {
    if (seen.has(item.part)) throw AppError.invalid(`Part ${item.part} is named twice.`);
    seen.add(item.part);
  }
  const overlaps = parts.flatMap((a) => parts.filter((b) => !isKindPart(b.part) && b.part.length < a.part.length && a.part.startsWith(b.part)).map((b) => `${a.part} lies in ${b.part}`));
  if (overlaps.length > 0) throw AppError.invalid(`Parts overlap: ${overlaps.join(', ')}.`);
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
