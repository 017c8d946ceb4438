import { createSchemaDataSource } from '@lp/db';
import { startServiceUnderTest, type TestDatabase } from '@lp/testing';
import type { DataSource } from 'typeorm';
import type { AssemblyService } from '../src/assemblies/assembly.service.js';
import { ParcelSearchService } from '../src/engine/parcel-search.service.js';
import type { NamedFeatures } from '../src/natural-language/anchors/named-features.js';
import { loadNamedFeatures } from '../src/natural-language/anchors/named-features.repository.js';
import type { NamedFeaturesService } from '../src/natural-language/anchors/named-features.service.js';
import { REGION_ALIASES } from '../src/natural-language/lexicon/region-aliases.js';
import { NaturalLanguageService } from '../src/natural-language/natural-language.service.js';
import { Gazetteer } from '../src/natural-language/places/gazetteer.js';
import { PlacesRepository, versionStamp } from '../src/natural-language/places/places.repository.js';
import type { PlacesService } from '../src/natural-language/places/places.service.js';
import { SearchRepository } from '../src/engine/search.repository.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';

export interface SearchEngineFixture {
  db: TestDatabase;
  source: DataSource;
  engine: ParcelSearchService;
  repository: SearchRepository;
  close(): Promise<void>;
}

/**
 * A copy of the small demo dataset with the search index built for every gmina that has parcels,
 * and the engine over it: real PostGIS, the same code search-svc runs, as search-svc's role.
 */
export async function searchEngineOnDemo(): Promise<SearchEngineFixture> {
  const under = await startServiceUnderTest(
    async (env) => {
      const source = await createSchemaDataSource({ url: env.DATABASE_URL, schema: 'search', applicationName: 'search-engine-test', poolSize: 2 }).initialize();
      const index = new SearchIndexRepository(source);
      for (const teryt of await index.gminasWithParcels()) await index.buildGmina(teryt);
      await index.analyze();
      const repository = new SearchRepository(source);
      return { source, repository, engine: new ParcelSearchService(repository), close: () => source.destroy() };
    },
    { template: 'demo', role: 'search_svc' },
  );
  return { db: under.db, ...under.service, close: under.stop };
}

/** The place gazetteer of every unit and locality the database publishes, read once. */
export async function loadGazetteer(source: DataSource): Promise<Gazetteer> {
  const places = new PlacesRepository(source);
  return new Gazetteer(await places.places(), REGION_ALIASES, versionStamp(await places.version()));
}

export interface NaturalLanguageOverEngine {
  nl: NaturalLanguageService;
  gazetteer: Gazetteer;
  /** The named features (substations, …) anchors resolve to. */
  features: NamedFeatures;
}

/**
 * Natural-language search over the fixture's engine, its gazetteer and named features read once
 * from the database (search-svc keeps them fresh from events; these tests change no place).
 */
export async function naturalLanguageOver(f: SearchEngineFixture, options: { assemblies?: AssemblyService; namedFeatures?: boolean } = {}): Promise<NaturalLanguageOverEngine> {
  const gazetteer = await loadGazetteer(f.source);
  const features = await loadNamedFeatures(f.source);
  const places = { gazetteer: async () => gazetteer } as unknown as PlacesService;
  // `namedFeatures: false`: a service without them, as one whose load has not finished.
  const named = options.namedFeatures === false ? undefined : ({ features: () => features } as unknown as NamedFeaturesService);
  return { nl: new NaturalLanguageService(places, f.engine, named, options.assemblies), gazetteer, features };
}

/** Gminas with parcels whose coverage of `layer` has the given status. */
export async function gminasWhere(source: DataSource, layer: string, status: 'available' | 'missing'): Promise<string[]> {
  const rows: Array<{ teryt: string }> = await source.query(
    `SELECT p.teryt FROM layer_pub.region_coverage p
     LEFT JOIN layer_pub.region_coverage c ON c.layer_id = $1 AND c.level = 'gmina' AND c.teryt = p.teryt
     WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status <> 'missing' AND COALESCE(c.status, 'missing') = $2
     ORDER BY p.teryt`,
    [layer, status],
  );
  return rows.map((row) => row.teryt);
}
