import { BATCH_INCLUDE_BLOCKS, PROXIMITY_KINDS } from '@lp/contracts';
import { CONSTRAINT_LAYERS } from './constraints/constraint-topics.js';

/** The stored blocks: exactly those a batch may embed (market is asked of market-svc, not stored). */
export const FACT_BLOCKS = BATCH_INCLUDE_BLOCKS;
export type FactBlock = (typeof FACT_BLOCKS)[number];

/** Layers each block is derived from: a refresh of one of them makes the block stale. */
export const BLOCK_LAYERS: Record<FactBlock, readonly string[]> = {
  regulations: ['parcels', 'mpzp_plans', 'mpzp_zones', 'plan_ogolny_zones', 'studium_zones', 'env_layers', 'forest_stands'],
  constraints: ['parcels', ...CONSTRAINT_LAYERS],
  terrain: ['parcels', 'terrain_stats'],
  proximity: ['parcels', ...new Set(PROXIMITY_KINDS.map((k) => k.layer))],
};

export function blocksDependingOn(layerId: string): FactBlock[] {
  return FACT_BLOCKS.filter((block) => BLOCK_LAYERS[block].includes(layerId));
}
