import type { BlockCoverageView, BlockSourceView, CoverageStatus } from '@lp/contracts';

/** Coverage of every layer in one gmina; a layer without a row there has no data ('missing'). */
export class GminaCoverage {
  constructor(private readonly statuses: ReadonlyMap<string, CoverageStatus>) {}

  status(layer: string): CoverageStatus {
    return this.statuses.get(layer) ?? 'missing';
  }

  has(layer: string): boolean {
    return this.status(layer) === 'available';
  }

  /** One coverage entry per layer, with the block's note where the layer is not available. */
  entries(layers: readonly string[], notes: ReadonlyMap<string, string> = new Map()): BlockCoverageView[] {
    return layers.map((layer) => {
      const status = this.status(layer);
      const note = notes.get(layer) ?? (status === 'available' ? undefined : defaultNote(layer, status));
      return note === undefined ? { layer, status } : { layer, status, note };
    });
  }
}

function defaultNote(layer: string, status: CoverageStatus): string {
  return status === 'missing'
    ? `${layer} has no data in this gmina; facts from it are left out, not reported as absent.`
    : `${layer} has data for only part of this gmina; facts from it may be incomplete.`;
}

/** Served layer versions, by layer id. */
export type LayerSources = ReadonlyMap<string, BlockSourceView>;

export function sourcesOf(layers: readonly string[], sources: LayerSources): BlockSourceView[] {
  return layers.flatMap((layer) => sources.get(layer) ?? []);
}
