import type { LayerRefreshedEvent } from '@lp/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { RefreshPipeline, type RefreshResult } from '../refresh/refresh-pipeline.js';
import { DerivedLayersRepository, PRICES_MIN_SALES, WIND_RESIDENTIAL_SETBACK, type InputVersion } from './derived-layers.repository.js';

/** A catalogue layer the service computes from layers it serves. */
export interface DerivedLayer {
  id: string;
  /** The layers it reads: a refresh of any of them makes a new version. */
  inputs: string[];
  /** What it is, for the version's provenance. */
  method: string;
  features(sql: DerivedLayersRepository): Promise<string[]>;
}

export const DERIVED_LAYERS: readonly DerivedLayer[] = [
  {
    id: 'prices',
    // The market (primary or secondary) of an apartment sale is recorded in lokale, the register's
    // apartment sales; transactions carries no market, so the medians are taken over lokale.
    inputs: ['lokale'],
    method: `median (percentile_cont 0.5) price per m² of apartment sales per gmina, quarter and market, ${PRICES_MIN_SALES} sales or more`,
    features: (sql) => sql.pricesLines(),
  },
  {
    id: 'wind_exclusion',
    inputs: ['buildings'],
    method: `residential setback of ${WIND_RESIDENTIAL_SETBACK.metres} m around single- and multi-family buildings (${WIND_RESIDENTIAL_SETBACK.legalBasis}); the other kinds carried forward as supplied`,
    features: (sql) => sql.windExclusionLines(),
  },
];

/** How a version's note names the input versions it reflects, e.g. `lokale v3`. */
function inputsNote(inputs: InputVersion[]): string {
  return inputs.map((input) => `${input.layer_id} v${input.version}`).join(', ');
}

/**
 * Makes a new version of each derived layer that reads the refreshed layer, through the ordinary
 * refresh pipeline (validated, swapped, its own refresh event). The version's note records the input
 * versions it reflects, so the catalogue shows them, and a derived layer already reflecting the
 * served inputs is left as it is (an event delivered again, or one of several replicas' events).
 */
export class DerivedLayerJobs {
  private readonly sql: DerivedLayersRepository;
  private readonly pipeline: RefreshPipeline;

  constructor(
    db: DataSource,
    databaseUrl: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.sql = new DerivedLayersRepository(db);
    this.pipeline = new RefreshPipeline(db, databaseUrl);
  }

  async onLayerRefreshed(event: LayerRefreshedEvent): Promise<RefreshResult[]> {
    const results: RefreshResult[] = [];
    for (const derived of DERIVED_LAYERS.filter((layer) => layer.inputs.includes(event.layer_id))) {
      const result = await this.derive(derived);
      if (result) results.push(result);
    }
    return results;
  }

  /** A new version of `derived` from the served inputs; null when it already reflects them or an input is not loaded. */
  async derive(derived: DerivedLayer): Promise<RefreshResult | null> {
    const inputs = await this.sql.inputVersions(derived.inputs);
    if (inputs.length < derived.inputs.length) return null;
    const reflects = `Derived by layer-svc from ${inputsNote(inputs)}`;
    if ((await this.sql.servedNote(derived.id))?.startsWith(`${reflects}:`)) return null;
    const work = mkdtempSync(join(tmpdir(), `lp-derived-${derived.id}-`));
    try {
      const source = join(work, `${derived.id}.geojsonl`);
      const lines = await derived.features(this.sql);
      if (lines.length === 0) {
        // Nothing to compute from is no data, not an empty layer: the served version stays.
        this.log(`${derived.id}: ${inputsNote(inputs)} give no features; the served version is kept`);
        return null;
      }
      writeFileSync(source, `${lines.join('\n')}\n`);
      writeFileSync(join(work, `${derived.id}.source.json`), JSON.stringify({ source_url: `derived:${derived.id}`, note: `${reflects}: ${derived.method}` }));
      const result = await this.pipeline.refresh(derived.id, { source, coverageGminas: coverageOf(inputs), allowShrink: true, progress: this.log });
      this.log(`${derived.id}: version ${result.version} from ${inputsNote(inputs)}`);
      return result;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/** A derived layer covers where all its inputs do: national when every input is, else the gminas they share. */
function coverageOf(inputs: InputVersion[]): string[] | null {
  const partial = inputs.filter((input) => input.coverage_gminas !== null).map((input) => new Set(input.coverage_gminas));
  if (partial.length === 0) return null;
  return [...partial[0]!].filter((teryt) => partial.every((set) => set.has(teryt))).sort();
}
