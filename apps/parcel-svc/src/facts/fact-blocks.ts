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

/**
 * The version of the rules a block is composed with, recorded with each build under RULES_KEY:
 * raise a block's number when a change of its rules (e.g. a constraint severity) must reach the
 * read model, and the builds made under older rules are rebuilt at start-up. A build recorded
 * before rules were versioned counts as version 1.
 */
export const BLOCK_RULES_VERSION: Record<FactBlock, number> = {
  regulations: 2, // 2: the local plan's legal status (partially repealed)
  constraints: 2, // 2: wind-turbine setbacks are informational
  terrain: 1,
  proximity: 4, // 2: a gmina without data within the distance looked at makes the answer unknown; 3: water is a river, canal, lake or reservoir, as search counts it (no streams); 4: grid names tidied, unnamed roads by number
};
export const RULES_KEY = '#rules';

export function builtUnderOlderRules(block: FactBlock, versions: Record<string, number>): boolean {
  return (versions[RULES_KEY] ?? 1) < BLOCK_RULES_VERSION[block];
}
