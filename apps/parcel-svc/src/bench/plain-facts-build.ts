import { DEFAULT_BUFFER_M } from '../facts/facts.service.js';
import { composeBlock } from '../facts/fact-composer.js';
import { BLOCK_LAYERS, BLOCK_RULES_VERSION, RULES_KEY, type FactBlock } from '../facts/fact-blocks.js';
import type { FactsRepository } from '../facts/facts.repository.js';
import type { EntityManager } from 'typeorm';

export interface PhaseTimes {
  queryMs: number;
  composeMs: number;
  storeMs: number;
}

/**
 * One (gmina, block) built the plain way, each phase timed apart: the per-parcel form of the block's
 * query (what the live path sends, and what the build sent for a gmina before it became set-based), the
 * composition, and the store of FactsBuilder.buildOne.
 */
export async function plainBuild(facts: FactsRepository, teryt: string, block: FactBlock): Promise<PhaseTimes> {
  const started = performance.now();
  const { rows, coverage, sources } = await facts.inSnapshot(async (manager) => ({
    rows: await facts.rawFacts(block, { ids: await parcelIds(manager, teryt) }, { bufferM: DEFAULT_BUFFER_M }, manager),
    coverage: (await facts.coverage([teryt], BLOCK_LAYERS[block], manager)).get(teryt)!,
    sources: await facts.layerSources(manager),
  }));
  const queried = performance.now();
  const bodies = rows.map((row) => ({ parcel_id: row.parcel_id, body: composeBlock(block, row.raw, DEFAULT_BUFFER_M, coverage, sources) }));
  const composed = performance.now();
  const versions = { ...Object.fromEntries(BLOCK_LAYERS[block].map((layer) => [layer, sources.get(layer)?.version ?? 0])), [RULES_KEY]: BLOCK_RULES_VERSION[block] };
  await facts.saveBlock(teryt, block, bodies, versions, Math.round(composed - started));
  return { queryMs: queried - started, composeMs: composed - queried, storeMs: performance.now() - composed };
}

async function parcelIds(manager: EntityManager, teryt: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM layer_pub.parcels WHERE teryt = $1 ORDER BY id`, [teryt]);
  return rows.map((row) => row.id);
}
