import { Injectable } from '@nestjs/common';
import { composeBlock, narrowProximity, type FactViews } from './fact-composer.js';
import { BLOCK_LAYERS, type FactBlock } from './fact-blocks.js';
import { FactsRepository } from './facts.repository.js';

/** Default buffer of the constraints block (spec: check_constraints buffer_m default 100). */
export const DEFAULT_BUFFER_M = 100;

export interface FactOptions {
  bufferM?: number;
  proximityKinds?: readonly string[];
}

export type ParcelFacts = Partial<FactViews>;

/**
 * Facts blocks of parcels: from the read model where it holds them for the asked parameters,
 * otherwise derived live by the same queries and rules (a gmina not built yet, a custom buffer).
 */
@Injectable()
export class FactsService {
  constructor(private readonly facts: FactsRepository) {}

  async blocksOf(parcels: Array<{ id: string; teryt: string }>, blocks: readonly FactBlock[], options: FactOptions = {}): Promise<Map<string, ParcelFacts>> {
    const bufferM = options.bufferM ?? DEFAULT_BUFFER_M;
    const result = new Map<string, ParcelFacts>(parcels.map((p) => [p.id, {}]));
    if (blocks.length === 0 || parcels.length === 0) return result;
    const ids = parcels.map((p) => p.id);
    const storable = blocks.filter((block) => block !== 'constraints' || bufferM === DEFAULT_BUFFER_M);
    const stored = await this.facts.storedBlocks(ids, storable);
    for (const [id, found] of stored) Object.assign(result.get(id) ?? {}, found);

    for (const block of blocks) {
      const missing = parcels.filter((p) => result.get(p.id)?.[block] === undefined);
      if (missing.length > 0) await this.deriveLive(block, missing, bufferM, result);
    }
    if (options.proximityKinds) {
      for (const facts of result.values()) {
        if (facts.proximity) facts.proximity = narrowProximity(facts.proximity, options.proximityKinds);
      }
    }
    return result;
  }

  private async deriveLive(block: FactBlock, parcels: Array<{ id: string; teryt: string }>, bufferM: number, into: Map<string, ParcelFacts>): Promise<void> {
    const teryts = [...new Set(parcels.map((p) => p.teryt))];
    const [rows, coverage, sources] = await Promise.all([
      this.facts.rawFacts(block, { ids: parcels.map((p) => p.id) }, { bufferM }),
      this.facts.coverage(teryts, BLOCK_LAYERS[block]),
      this.facts.layerSources(),
    ]);
    for (const row of rows) {
      const gminaCoverage = coverage.get(row.teryt);
      const facts = into.get(row.parcel_id);
      if (!gminaCoverage || !facts) continue;
      (facts as Record<FactBlock, unknown>)[block] = composeBlock(block, row.raw, bufferM, gminaCoverage, sources);
    }
  }
}
