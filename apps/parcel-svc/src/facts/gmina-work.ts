import type { FactBlock } from './fact-blocks.js';

export interface GminaWork {
  teryt: string;
  blocks: FactBlock[];
}

/** The blocks to build grouped by gmina, gminas in the order they first appear. */
export function byGmina(work: ReadonlyArray<{ teryt: string; block: FactBlock }>): GminaWork[] {
  const groups = new Map<string, FactBlock[]>();
  for (const { teryt, block } of work) groups.set(teryt, [...(groups.get(teryt) ?? []), block]);
  return [...groups].map(([teryt, blocks]) => ({ teryt, blocks }));
}
