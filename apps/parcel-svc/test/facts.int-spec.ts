import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type ConstraintsView, type ParcelFeatureView, type ProximityView, type RegulationsView, type TerrainView } from '@lp/contracts';
import type { RunningService } from '@lp/messaging';
import { loadEnv } from '@lp/runtime';
import { eventually, refreshLayer, startServiceUnderTest, writeLayerSource, type ServiceUnderTest } from '@lp/testing';
import { ParcelSvcEnv } from '../src/config/parcel-svc.env.js';
import { FACT_BLOCKS } from '../src/facts/fact-blocks.js';
import { storedBlocksSql } from '../src/facts/stored-blocks.js';
import { startParcelSvc } from '../src/parcel-svc.app.js';

/**
 * The facts blocks on the small demo dataset (every coverage status occurs there). Expected
 * values are checked against the raw layers with plain PostGIS, not against our own queries.
 */
describe('parcel facts on the demo data', () => {
  let svc: ServiceUnderTest;
  const call = <T>(subject: string, data: unknown): Promise<T> => svc.call<T>(subject, data, 20_000);
  const one = async <T>(text: string, params: unknown[] = []): Promise<T> => {
    const [row] = await svc.sql(text, params);
    if (!row) throw new Error(`no row for: ${text}`);
    return row as T;
  };

  beforeAll(async () => {
    // Builder off: every answer is derived live, so the first tests see the live path.
    svc = await startServiceUnderTest((env) => startParcelSvc(loadEnv(ParcelSvcEnv, { ...env, LOG_LEVEL: 'warn', DB_POOL_SIZE: '4', FACTS_BUILDER: 'off' })), {
      template: 'demo',
      role: 'parcel_svc',
    });
  }, 120_000);
  afterAll(() => svc?.stop());

  describe('regulations: no plan is null, no data is absent', () => {
    it('gives mpzp null for a parcel outside every local plan of a gmina whose plans are known', async () => {
      const { id } = await one<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         JOIN layer_pub.region_coverage c ON c.layer_id = 'mpzp_plans' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'available'
         WHERE NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))
         ORDER BY p.id LIMIT 1`,
      );
      const regulations = await call<RegulationsView>('parcel.regulations.get', { parcel_id: id });
      expect(regulations.mpzp).toBeNull();
      expect(regulations.coverage.find((c) => c.layer === 'mpzp_plans')).toEqual({ layer: 'mpzp_plans', status: 'available' });
    });

    it('leaves mpzp out, naming the plan, for a parcel inside a plan whose zones are not in the data', async () => {
      const { id, plan_name } = await one<{ id: string; plan_name: string }>(
        `SELECT p.id, m.plan_name FROM layer_pub.parcels p
         JOIN layer_pub.mpzp_plans m ON ST_Covers(m.geom, p.geom)
         WHERE NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c
                           WHERE c.layer_id = 'mpzp_zones' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status <> 'missing')
         ORDER BY p.id LIMIT 1`,
      );
      const regulations = await call<RegulationsView>('parcel.regulations.get', { parcel_id: id });
      expect('mpzp' in regulations).toBe(false);
      const zones = regulations.coverage.find((c) => c.layer === 'mpzp_zones');
      expect(zones?.status).toBe('missing');
      expect(zones?.note).toContain(plan_name);
    });

    it('gives the zone covering most of the parcel, raw symbol kept, where zones are known', async () => {
      const zone = await one<{ id: string; symbol: string; category: string; plan_name: string }>(
        `SELECT p.id, z.symbol, z.category, z.plan_name FROM layer_pub.parcels p
         JOIN layer_pub.mpzp_zones z ON ST_Covers(z.geom, p.geom)
         ORDER BY p.id LIMIT 1`,
      );
      const regulations = await call<RegulationsView>('parcel.regulations.get', { parcel_id: zone.id });
      expect(regulations.mpzp).toMatchObject({ symbol: zone.symbol, category: zone.category, plan_name: zone.plan_name, overlap_pct: 100 });
    });

    it('names the KOWR pre-emption right on agricultural land of at least 0.3 ha outside plans', async () => {
      const { id } = await one<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         WHERE p.land_use_classes ~ '^R ' AND p.area_sqm >= 5000
           AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_zones z WHERE ST_Intersects(z.geom, p.geom))
         ORDER BY p.id LIMIT 1`,
      );
      const regulations = await call<RegulationsView>('parcel.regulations.get', { parcel_id: id });
      expect(regulations.pre_emption.map((r) => r.holder)).toContainEqual(expect.stringContaining('KOWR'));
    });
  });

  describe('regulations: the zoning source, by the rule search uses (local plan, then a general plan in force)', () => {
    const NOT_IN_PLAN = `NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))`;
    const source = async (where: string, params: unknown[] = []): Promise<{ id: string; regulations: RegulationsView }> => {
      const { id } = await one<{ id: string }>(`SELECT p.id FROM layer_pub.parcels p WHERE ${where} ORDER BY p.id LIMIT 1`, params);
      return { id, regulations: await call<RegulationsView>('parcel.regulations.get', { parcel_id: id }) };
    };

    it('a local-plan zone decides: mpzp', async () => {
      const { regulations } = await source(`EXISTS (SELECT 1 FROM layer_pub.mpzp_zones z WHERE ST_Covers(z.geom, p.geom))`);
      expect(regulations.zoning_source).toBe('mpzp');
    });

    it('inside a plan whose zones are not in our data: unknown, even where a general plan has a zone', async () => {
      const { regulations } = await source(
        `EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Covers(m.geom, p.geom))
         AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_zones z WHERE ST_Intersects(z.geom, p.geom))`,
      );
      expect(regulations.zoning_source).toBe('unknown');
      expect('mpzp' in regulations).toBe(false);
    });

    it('outside local plans, a general plan in force decides (plan_ogolny, binding)', async () => {
      const { regulations } = await source(
        `${NOT_IN_PLAN} AND EXISTS (SELECT 1 FROM layer_pub.plan_ogolny_zones g WHERE g.status = 'in_force' AND g.kind NOT IN ('infill_area', 'inner_city_area') AND ST_Covers(g.geom, p.geom))`,
      );
      expect(regulations.mpzp).toBeNull();
      expect(regulations.plan_ogolny).toMatchObject({ status: 'in_force', binding: true });
      expect(regulations.zoning_source).toBe('plan_ogolny');
    });

    it('outside local plans, a general plan in preparation is information only: none, not binding, and a note says so', async () => {
      const { regulations } = await source(
        `${NOT_IN_PLAN} AND EXISTS (SELECT 1 FROM layer_pub.plan_ogolny_zones g WHERE g.status <> 'in_force' AND g.kind NOT IN ('infill_area', 'inner_city_area') AND ST_Covers(g.geom, p.geom))`,
      );
      expect(regulations.plan_ogolny).toMatchObject({ binding: false });
      expect(regulations.zoning_source).toBe('none');
      expect(regulations.coverage.find((c) => c.layer === 'plan_ogolny_zones')?.note).toMatch(/not in force: it is information only/);
    });

    it('outside local plans where the gmina has no general plan in our data: unknown', async () => {
      const { regulations } = await source(
        `${NOT_IN_PLAN} AND EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = 'mpzp_plans' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'available')
         AND NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = 'plan_ogolny_zones' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status <> 'missing')`,
      );
      expect(regulations.mpzp).toBeNull();
      expect('plan_ogolny' in regulations).toBe(false);
      expect(regulations.zoning_source).toBe('unknown');
    });
  });

  describe('constraints', () => {
    it('finds an area near the parcel only when buffer_m reaches it, as informational', async () => {
      const near = await one<{ id: string; feature: string; distance: number }>(
        `SELECT p.id, e.id AS feature, ST_Distance(e.geom, p.geom) AS distance
         FROM layer_pub.env_layers e
         JOIN layer_pub.parcels p ON ST_DWithin(e.geom, p.geom, 900) AND NOT ST_DWithin(e.geom, p.geom, 300)
         WHERE e.kind IN ('natura2000_habitat', 'natura2000_birds')
         ORDER BY p.id, e.id LIMIT 1`,
      );
      const narrow = await call<ConstraintsView>('parcel.constraints.get', { parcel_id: near.id, buffer_m: 100 });
      expect(narrow.items.map((i) => i.id)).not.toContain(near.feature);
      const wide = await call<ConstraintsView>('parcel.constraints.get', { parcel_id: near.id, buffer_m: 1000 });
      const item = wide.items.find((i) => i.id === near.feature);
      expect(item).toMatchObject({ topic: 'natura2000', layer: 'env_layers', overlap_pct: 0, severity: 'informational' });
      expect(item?.distance_m).toBeCloseTo(near.distance, 0);
      expect(wide.buffer_m).toBe(1000);
    });

    it('marks a parcel in a 1 % flood zone blocking, with its overlap share', async () => {
      const flooded = await one<{ id: string; feature: string; pct: number }>(
        `SELECT p.id, e.id AS feature, 100 * ST_Area(ST_Intersection(e.geom, p.geom)) / ST_Area(p.geom) AS pct
         FROM layer_pub.env_layers e JOIN layer_pub.parcels p ON ST_Intersects(e.geom, p.geom)
         WHERE e.kind = 'flood_risk_1pct' AND ST_Area(ST_Intersection(e.geom, p.geom)) > 0.2 * ST_Area(p.geom)
         ORDER BY p.id LIMIT 1`,
      );
      const constraints = await call<ConstraintsView>('parcel.constraints.get', { parcel_id: flooded.id });
      expect(constraints.blocking).toBe(true);
      const item = constraints.items.find((i) => i.id === flooded.feature);
      expect(item).toMatchObject({ topic: 'flood_risk', severity: 'blocking', distance_m: 0 });
      expect(item?.overlap_pct).toBeCloseTo(Math.min(flooded.pct, 100), 0);
      expect(constraints.items[0]?.severity).toBe('blocking');
    });

    it('refuses a buffer beyond 5000 m', async () => {
      const error = await call('parcel.constraints.get', { parcel_id: '306401_1.0007.1', buffer_m: 5001 }).catch((e: unknown) => e);
      expect((error as AppError).code).toBe('invalid_request');
      expect((error as AppError).message).toMatch(/buffer_m must be an integer number of metres from 0 to 5000/);
    });
  });

  describe('terrain', () => {
    it('gives the terrain_stats figures where the layer has data', async () => {
      const row = await one<{ id: string; slope_mean_pct: number; elevation_max_m: number }>(
        `SELECT t.id, t.slope_mean_pct, t.elevation_max_m FROM layer_pub.terrain_stats t ORDER BY t.id LIMIT 1`,
      );
      const terrain = await call<TerrainView>('parcel.terrain.get', { parcel_id: row.id });
      expect(terrain).toMatchObject({ slope_mean_pct: row.slope_mean_pct, elevation_max_m: row.elevation_max_m });
      expect(terrain.coverage).toEqual([{ layer: 'terrain_stats', status: 'available' }]);
    });

    it('gives no figures and a missing coverage note (never zeros) where terrain is not rolled out', async () => {
      const { id } = await one<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         JOIN layer_pub.region_coverage c ON c.layer_id = 'terrain_stats' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'missing'
         ORDER BY p.id LIMIT 1`,
      );
      const terrain = await call<TerrainView>('parcel.terrain.get', { parcel_id: id });
      expect(terrain.slope_mean_pct).toBeUndefined();
      expect(terrain.elevation_min_m).toBeUndefined();
      expect(terrain.coverage[0]).toMatchObject({ layer: 'terrain_stats', status: 'missing' });
      expect(terrain.coverage[0]?.note).toMatch(/unknown, not zero/);
    });
  });

  describe('proximity', () => {
    it('measures the nearest substation of at least 110 kV like plain PostGIS does', async () => {
      const expected = await one<{ id: string; feature: string; distance: number }>(
        `SELECT p.id, s.id AS feature, ST_Distance(s.geom, p.geom) AS distance
         FROM (SELECT id, geom FROM layer_pub.parcels ORDER BY id LIMIT 1) p
         CROSS JOIN LATERAL (SELECT id, geom FROM layer_pub.power_substations WHERE voltage_kv >= 110
                             ORDER BY ST_Distance(geom, p.geom), id LIMIT 1) s`,
      );
      const proximity = await call<ProximityView>('parcel.proximity.get', { parcel_id: expected.id, kinds: ['hv_substation', 'school'] });
      const substation = proximity.items.find((i) => i.kind === 'hv_substation');
      expect(substation?.distance_m).toBeCloseTo(expected.distance, 0);
      expect(substation?.attributes['voltage_kv']).toBeGreaterThanOrEqual(110);
      expect(proximity.items.every((i) => ['hv_substation', 'school'].includes(i.kind))).toBe(true);
    });

    it('reports grid capacity where the operator publishes none as a coverage gap, not as none nearby', async () => {
      const { id } = await one<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         JOIN layer_pub.region_coverage c ON c.layer_id = 'grid_capacity' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'missing'
         ORDER BY p.id LIMIT 1`,
      );
      const proximity = await call<ProximityView>('parcel.proximity.get', { parcel_id: id, kinds: ['grid_capacity'] });
      expect(proximity.not_found).toEqual([]);
      expect(proximity.coverage).toHaveLength(1);
      expect(proximity.coverage[0]).toMatchObject({ layer: 'grid_capacity', status: 'missing' });
    });
  });

  it('embeds the blocks asked for in include, and only those', async () => {
    const { id } = await one<{ id: string }>(`SELECT id FROM layer_pub.parcels ORDER BY id LIMIT 1`);
    const feature = await call<ParcelFeatureView>('parcel.get', { parcel_id: id, include: ['terrain', 'constraints'] });
    expect(feature.properties.terrain?.coverage).toBeDefined();
    expect(feature.properties.constraints?.buffer_m).toBe(100);
    expect(feature.properties.regulations).toBeUndefined();
    expect(feature.properties.proximity).toBeUndefined();
  });

  describe('the read model', () => {
    let builder: RunningService;

    beforeAll(async () => {
      // A second replica with the builder on; it joins the same queue group.
      builder = await startParcelSvc(loadEnv(ParcelSvcEnv, { DATABASE_URL: svc.db.urlAs('parcel_svc'), NATS_URL: svc.nats.url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '4' }));
      const gminas = Number((await one<{ n: string }>(`SELECT count(DISTINCT teryt) AS n FROM layer_pub.parcels`)).n);
      await eventually(async () => {
        const built = await one<{ n: string }>(`SELECT count(*) AS n FROM parcel.fact_builds`);
        expect(Number(built.n)).toBe(4 * gminas);
      }, 240_000);
    }, 300_000);
    afterAll(async () => {
      await builder?.close();
    });

    it('stores for every parcel exactly what the live derivation gives', async () => {
      // Read as parcel-svc reads them: each block merged with the part its gmina's parcels share.
      const sample = await svc.sql<{ parcel_id: string }>(`SELECT parcel_id FROM parcel.facts ORDER BY md5(parcel_id) LIMIT 12`);
      const rows = await svc.sql<{ parcel_id: string; regulations: unknown; constraints: unknown; terrain: unknown; proximity: unknown }>(
        storedBlocksSql(FACT_BLOCKS),
        [sample.map((r) => r.parcel_id)],
      );
      expect(rows).toHaveLength(12);
      const parcels = Number((await one<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.parcels`)).n);
      expect(Number((await one<{ n: string }>(`SELECT count(*) AS n FROM parcel.facts WHERE proximity IS NOT NULL AND terrain IS NOT NULL`)).n)).toBe(parcels);
      await svc.sql(`DELETE FROM parcel.facts WHERE parcel_id = ANY($1::text[])`, [rows.map((r) => r.parcel_id)]);
      for (const stored of rows) {
        const live = await call<ParcelFeatureView>('parcel.get', { parcel_id: stored.parcel_id, include: ['regulations', 'constraints', 'terrain', 'proximity'] });
        expect(live.properties.regulations).toEqual(stored.regulations);
        expect(live.properties.constraints).toEqual(stored.constraints);
        expect(live.properties.terrain).toEqual(stored.terrain);
        expect(live.properties.proximity).toEqual(stored.proximity);
      }
    });

    it('rebuilds the terrain of the gmina a terrain refresh changed, and only marks the others current', async () => {
      // The served statistics (the demo computes them from its elevation model) as a source, one parcel's slope changed.
      const served = await svc.sql<{ line: string }>(
        `SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(geom, 4326), 7)::json,
                  'properties', attrs || jsonb_build_object('id', id, 'kind', kind, 'teryt', teryt))::text AS line
         FROM layer_pub.terrain_stats ORDER BY id`,
      );
      const lines = served.map((row) => row.line);
      const first = JSON.parse(lines[0]!) as { properties: { parcel_id: string; teryt: string; slope_mean_pct: number } };
      const target = first.properties.parcel_id;
      first.properties.slope_mean_pct = 42.5;
      lines[0] = JSON.stringify(first);
      const coverage = { gminas: (await one<{ gminas: string[] }>(`SELECT coverage_gminas AS gminas FROM layer.layer_state WHERE layer_id = 'terrain_stats'`)).gminas };
      const untouched = coverage.gminas.find((g) => g !== first.properties.teryt) ?? (await one<{ teryt: string }>(`SELECT teryt FROM parcel.fact_builds WHERE teryt <> $1 LIMIT 1`, [first.properties.teryt])).teryt;
      const before = await one<{ built_at: Date }>(`SELECT built_at FROM parcel.fact_builds WHERE teryt = $1 AND block = 'terrain'`, [untouched]);

      await refreshLayer(svc.db.url, 'terrain_stats', writeLayerSource('terrain_stats', lines.join('\n') + '\n', coverage.gminas), { natsUrl: svc.nats.url });

      await eventually(async () => {
        const stored = await one<{ terrain: TerrainView }>(`SELECT terrain FROM parcel.facts WHERE parcel_id = $1`, [target]);
        expect(stored.terrain.slope_mean_pct).toBe(42.5);
      }, 150_000); // a gmina's rebuild took over 60 s while the whole suite ran on two loaded cores
      const version = Number((await one<{ version: number }>(`SELECT version FROM layer_pub.layer_versions WHERE layer_id = 'terrain_stats'`)).version);
      const after = await one<{ built_at: Date; versions: Record<string, number> }>(`SELECT built_at, versions FROM parcel.fact_builds WHERE teryt = $1 AND block = 'terrain'`, [untouched]);
      expect(after.versions['terrain_stats']).toBe(version);
      expect(after.built_at).toEqual(before.built_at);
    }, 120_000);
  });
});
