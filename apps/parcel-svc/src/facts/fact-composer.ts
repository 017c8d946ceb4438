import { PROXIMITY_KINDS, type ConstraintsView, type ProximityView, type RegulationsView, type TerrainView } from '@lp/contracts';
import { composeConstraints, type RawConstraintHit } from './constraints/constraints.rules.js';
import type { FactBlock } from './fact-blocks.js';
import type { GminaCoverage, LayerSources } from './layer-coverage.js';
import { composeProximity, type RawProximity } from './proximity/proximity.rules.js';
import { composeRegulations, type RawRegulations } from './regulations/regulations.rules.js';
import { composeTerrain, type RawTerrain } from './terrain/terrain.rules.js';

export interface FactViews {
  regulations: RegulationsView;
  constraints: ConstraintsView;
  terrain: TerrainView;
  proximity: ProximityView;
}

/** Turns one parcel's raw facts of a block into the block served (the block's rules). */
export function composeBlock<B extends FactBlock>(block: B, raw: unknown, bufferM: number, coverage: GminaCoverage, sources: LayerSources): FactViews[B] {
  switch (block) {
    case 'regulations':
      return composeRegulations(raw as RawRegulations, coverage, sources) as FactViews[B];
    case 'constraints':
      return composeConstraints(raw as RawConstraintHit[], bufferM, coverage, sources) as FactViews[B];
    case 'terrain':
      return composeTerrain(raw as RawTerrain, coverage, sources) as FactViews[B];
    case 'proximity':
      return composeProximity(raw as RawProximity, undefined, coverage, sources) as FactViews[B];
  }
  throw new Error(`unknown block ${String(block)}`);
}

/** The proximity block narrowed to some kinds (the stored block holds every kind). */
export function narrowProximity(view: ProximityView, kinds: readonly string[]): ProximityView {
  const layers = new Set(PROXIMITY_KINDS.filter((k) => kinds.includes(k.id)).map((k) => k.layer));
  return {
    items: view.items.filter((item) => kinds.includes(item.kind)),
    not_found: view.not_found.filter((item) => kinds.includes(item.kind)),
    coverage: view.coverage.filter((entry) => layers.has(entry.layer)),
    sources: view.sources.filter((source) => source.layer === 'parcels' || layers.has(source.layer)),
  };
}
