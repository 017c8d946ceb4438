import { PROXIMITY_KINDS } from '@lp/contracts';
import { CONSTRAINT_LAYERS } from './constraints/constraint-topics.js';

export const FACT_BLOCKS = ['regulations', 'constraints', 'terrain', 'proximity'] as const;
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
