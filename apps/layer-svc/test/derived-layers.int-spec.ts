import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSchemaDataSource } from '@lp/db';
import { eventually, startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { LayerSvcEnv } from '../src/config/layer-svc.env.js';
import { DerivedLayersConsumer } from '../src/derived/derived-layers.consumer.js';
import { DerivedLayerJobs } from '../src/derived/derived-layers.js';
import { OutboxPublisher } from '../src/refresh/refresh-events.js';
import { RefreshPipeline } from '../src/refresh/refresh-pipeline.js';
import { adminUnits, featureLines, sourceDir, square } from './source-files.js';

interface InProcess {
  db: DataSource;
  pipeline: RefreshPipeline;
  nats: NatsConnection;
  consumer: DerivedLayersConsumer;
  jobs: DerivedLayerJobs;
  close(): Promise<void>;
}

/** Apartment sales of gmina Alfa (two quarters, both markets) and Beta (too few for a median). */
function sales(priceOf: (index: number) => number): string {
  const sale = (index: number, teryt: string, kind: string, date: string) => ({
    type: 'Point',
    properties: {
      id: `LOK.${index}`,
      kind,
      name: null,
      teryt,
      date,
      price_pln: priceOf(index) * 50,
      area_sqm: 50,
      price_per_sqm_pln: priceOf(index),
      floor: 1,
      rooms: 2,
    },
    coordinates: [16.25 + (index % 10) * 0.005, 52.35 + Math.floor(index / 10) * 0.005],
  });
  const rows = [];
  for (let i = 0; i < 7; i++) rows.push(sale(i, '3001011', 'secondary_market', `2025-0${1 + (i % 3)}-15`)); // Q1
  for (let i = 7; i < 11; i++) rows.push(sale(i, '3001011', 'secondary_market', '2025-05-10')); // Q2, an even count
  for (let i = 11; i < 16; i++) rows.push(sale(i, '3001011', 'primary_market', '2025-08-01')); // Q3
  rows.push(
    { ...sale(16, '3001022', 'secondary_market', '2025-02-01'), coordinates: [16.45, 52.35] },
    { ...sale(17, '3001022', 'secondary_market', '2025-02-02'), coordinates: [16.46, 52.35] },
  );
  return featureLines(rows);
}

/** Houses in two groups 2 km apart and a warehouse in gmina Alfa; a house in Beta. */
function buildings(): string {
  const building = (id: string, kind: string, lng: number, lat: number, teryt: string) => ({
    properties: { id, kind, name: null, teryt, function: kind === 'warehouse' ? '1252' : '1110', floors: 2 },
    coordinates: square(lng, lat, 0.0002),
  });
  return featureLines([
    building('B.1', 'single_family', 16.25, 52.35, '3001011'),
    building('B.2', 'single_family', 16.2515, 52.3505, '3001011'),
    building('B.3', 'multi_family', 16.28, 52.35, '3001011'),
    building('B.4', 'warehouse', 16.32, 52.42, '3001011'),
    building('B.5', 'single_family', 16.5, 52.4, '3001022'),
  ]);
}

/** A supplied feature of another kind, which the derived version must keep. */
function suppliedExclusion(): string {
  return featureLines([
    {
      properties: {
        id: 'nature_reserve_setback-R1',
        kind: 'nature_reserve_setback',
        name: 'Odległość 500 m od rezerwatu',
        teryt: '3001011',
        setback_m: 500,
        legal_basis: 'Art. 4 ust. 4a',
      },
      coordinates: square(16.36, 52.45, 0.01),
    },
    {
      properties: { id: 'residential_setback-old', kind: 'residential_setback', name: 'stara', teryt: '3001011', setback_m: 700, legal_basis: 'x' },
      coordinates: square(16.22, 52.32, 0.005),
    },
  ]);
}

/** The medians as plain SQL computes them from the served apartment sales. */
const PLAIN_MEDIANS = `
  SELECT teryt, to_char(date, 'YYYY-"Q"Q') AS period, kind, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::numeric)::float8 AS median, count(*)::int AS sales
  FROM layer_pub.lokale GROUP BY 1, 2, 3 HAVING count(*) >= 3 ORDER BY 1, 2, 3`;
const SERVED_MEDIANS = `
  SELECT teryt, period, kind, median_price_per_sqm_pln AS median, sample_size::int AS sales FROM layer_pub.prices ORDER BY 1, 2, 3`;

describe('derived layers made on the refresh events of their inputs: prices and wind_exclusion', () => {
  let layer: ServiceUnderTest<InProcess>;
  let db: DataSource;
  const pricesState = async () =>
    (await db.query(`SELECT version::int AS version, source_url, source_note AS note FROM layer.layer_state WHERE layer_id = 'prices'`))[0] as
      { version: number; source_url: string; note: string | null } | undefined;
  const refreshLokale = async (priceOf: (index: number) => number) => {
    await layer.service.pipeline.refresh('lokale', {
      source: join(sourceDir({ 'lokale.geojsonl': sales(priceOf) }), 'lokale.geojsonl'),
      coverageGminas: ['3001011', '3001022'],
      allowShrink: true,
    });
    await new OutboxPublisher(db, layer.service.nats, 1).publishPending();
  };

  beforeAll(async () => {
    layer = await startServiceUnderTest<InProcess>(
      async (env) => {
        const source = await createSchemaDataSource({ url: env.DATABASE_URL, schema: 'layer', applicationName: 'derived-test', poolSize: 4 }).initialize();
        const nats = await connect({ servers: env.NATS_URL });
        const settings = { ...env, NATS_STREAM_REPLICAS: 1, EVENT_RETRY_SECONDS: 1, DERIVED_LAYERS: 'on' } as unknown as LayerSvcEnv;
        const consumer = new DerivedLayersConsumer(source, settings);
        await consumer.onApplicationBootstrap();
        return {
          db: source,
          pipeline: new RefreshPipeline(source, env.DATABASE_URL),
          nats,
          consumer,
          jobs: new DerivedLayerJobs(source, env.DATABASE_URL),
          close: async () => {
            await consumer.beforeApplicationShutdown();
            await nats.drain();
            await source.destroy();
          },
        };
      },
      { role: 'layer_svc' },
    );
    db = layer.service.db;
    await layer.service.pipeline.refresh('admin_bounds', { source: join(sourceDir({ 'admin_bounds.geojsonl': adminUnits() }), 'admin_bounds.geojsonl') });
  }, 120_000);
  afterAll(async () => {
    await layer?.stop();
  });

  it('a refresh of lokale makes a new prices version whose medians are SQL percentile_cont of the sales', async () => {
    const before = (await pricesState())?.version ?? 0;
    await refreshLokale((index) => 8000 + 137 * index);
    await eventually(async () => expect((await pricesState())!.version).toBe(before + 1), 30_000);
    const plain: unknown[] = await db.query(PLAIN_MEDIANS);
    expect(plain).toHaveLength(3); // Alfa Q1, Q2 secondary and Q3 primary; Beta's two sales make no median
    expect(await db.query(SERVED_MEDIANS)).toEqual(plain);
    const state = await pricesState();
    expect(state).toMatchObject({ source_url: 'derived:prices' });
    expect(state!.note).toMatch(/^Derived by layer-svc from lokale v\d+: median \(percentile_cont 0\.5\)/);
    const alfa: Array<{ city: string }> = await db.query(`SELECT city FROM layer_pub.prices WHERE teryt = '3001011' LIMIT 1`);
    expect(alfa[0]!.city).toBe('Alfa');
  }, 60_000);

  it('the next refresh of lokale makes the next version, with the new medians and input version', async () => {
    const before = await pricesState();
    const lokale: Array<{ version: number }> = await db.query(`SELECT version::int AS version FROM layer.layer_state WHERE layer_id = 'lokale'`);
    await refreshLokale((index) => 9000 + 211 * ((index * 7) % 5));
    await eventually(async () => expect((await pricesState())!.version).toBe(before!.version + 1), 30_000);
    expect((await pricesState())!.note).toContain(`from lokale v${lokale[0]!.version + 1}:`);
    expect(await db.query(SERVED_MEDIANS)).toEqual(await db.query(PLAIN_MEDIANS));
  }, 60_000);

  it('an event delivered again makes no version: the served one already reflects the inputs', async () => {
    const before = await pricesState();
    const event = { layer_id: 'lokale', run_id: 'again', version: 0, refreshed_at: new Date().toISOString(), teryt: [] };
    expect(await layer.service.jobs.onLayerRefreshed(event)).toEqual([]);
    expect(await layer.service.jobs.onLayerRefreshed({ ...event, layer_id: 'parcels' })).toEqual([]);
    expect(await pricesState()).toEqual(before);
  });

  it('a refresh of buildings makes a new wind_exclusion version: within 700 m of a residential building is excluded, beyond it not', async () => {
    await layer.service.pipeline.refresh('wind_exclusion', {
      source: join(sourceDir({ 'wind_exclusion.geojsonl': suppliedExclusion() }), 'wind_exclusion.geojsonl'),
    });
    const before: Array<{ version: number }> = await db.query(`SELECT version::int AS version FROM layer.layer_state WHERE layer_id = 'wind_exclusion'`);
    await layer.service.pipeline.refresh('buildings', {
      source: join(sourceDir({ 'buildings.geojsonl': buildings() }), 'buildings.geojsonl'),
      coverageGminas: ['3001011', '3001022'],
      allowShrink: true,
    });
    await new OutboxPublisher(db, layer.service.nats, 1).publishPending();
    const state = async () =>
      (await db.query(`SELECT version::int AS version, source_note AS note FROM layer.layer_state WHERE layer_id = 'wind_exclusion'`))[0] as {
        version: number;
        note: string;
      };
    await eventually(async () => expect((await state()).version).toBe(before[0]!.version + 1), 30_000);
    expect((await state()).note).toMatch(/^Derived by layer-svc from buildings v\d+: residential setback of 700 m/);

    // Points on a 100 m grid around the buildings, judged by ST_DWithin against the residential
    // buildings themselves: within 700 m must be excluded; beyond 710 m (the polygon errs only
    // outwards, by at most 10 m) must not be.
    const judged: Array<{ inside_700: number; excluded_inside: number; beyond_710: number; excluded_beyond: number }> = await db.query(
      `WITH houses AS (SELECT geom FROM layer_pub.buildings WHERE kind IN ('single_family', 'multi_family')),
            box AS (SELECT ST_Expand(ST_Extent(geom), 1500) AS b FROM layer_pub.buildings),
            pts AS (SELECT ST_SetSRID(ST_Point(x, y), 2180) AS p FROM box,
                      generate_series(floor(ST_XMin(b))::int, ceil(ST_XMax(b))::int, 100) x, generate_series(floor(ST_YMin(b))::int, ceil(ST_YMax(b))::int, 100) y),
            judged AS (
              SELECT EXISTS (SELECT 1 FROM houses h WHERE ST_DWithin(h.geom, p, 700)) AS inside,
                     NOT EXISTS (SELECT 1 FROM houses h WHERE ST_DWithin(h.geom, p, 710)) AS beyond,
                     EXISTS (SELECT 1 FROM layer_pub.wind_exclusion w WHERE w.kind = 'residential_setback' AND ST_Intersects(w.geom, p)) AS excluded
              FROM pts)
       SELECT count(*) FILTER (WHERE inside)::int AS inside_700, count(*) FILTER (WHERE inside AND excluded)::int AS excluded_inside,
              count(*) FILTER (WHERE beyond)::int AS beyond_710, count(*) FILTER (WHERE beyond AND excluded)::int AS excluded_beyond
       FROM judged`,
    );
    expect(judged[0]!.inside_700).toBeGreaterThan(300);
    expect(judged[0]!.excluded_inside).toBe(judged[0]!.inside_700);
    expect(judged[0]!.beyond_710).toBeGreaterThan(300);
    expect(judged[0]!.excluded_beyond).toBe(0);
    const kinds: Array<{ id: string; kind: string; setback_m: number; legal_basis: string }> = await db.query(
      `SELECT id, kind, setback_m, legal_basis FROM layer_pub.wind_exclusion ORDER BY id`,
    );
    expect(kinds.map((row) => row.id)).toEqual(['nature_reserve_setback-R1', 'residential_setback-3001011', 'residential_setback-3001022']);
    expect(kinds[1]).toMatchObject({ setback_m: 700, legal_basis: expect.stringContaining('o inwestycjach w zakresie elektrowni wiatrowych') });
  }, 90_000);
});
