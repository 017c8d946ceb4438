import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, ZONING_CATEGORY_GROUPS, type SearchParcelsRequest } from '@lp/contracts';
import { refreshLayer, testEnvironment, writeLayerSource } from '@lp/testing';
import { compileScenario } from '../src/scenarios/scenario-compiler.js';
import { findScenario } from '../src/scenarios/scenario-catalogue.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * Zoning from the binding instrument and land use as evidence (which instrument decides, a plan
 * without zones, a general plan in consultation), on the
 * small demo dataset with real PostGIS; every answer is checked against the raw layers.
 *
 * Ostróda rural (2815092) has local-plan boundaries but no plan zones, like Dywity in the full demo;
 * the test gives it a general plan under public consultation through layer-svc's refresh pipeline,
 * which is exactly Dywity's situation. Poznań (3064011) has zones and a general plan in force.
 */
const RURAL = '2815092';
const POZNAN = '3064011';
const RESIDENTIAL = [...ZONING_CATEGORY_GROUPS['residential']!];

/** Parcel ids inside a local plan (≥ 1 % of the parcel) that has no zone covering them, by plain PostGIS. */
const IN_PLAN_WITHOUT_ZONE = `
  EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom)
          AND ST_Area(ST_Intersection(m.geom, p.geom)) >= 0.01 * ST_Area(p.geom))
  AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_zones z WHERE ST_Intersects(z.geom, p.geom)
          AND ST_Area(ST_Intersection(z.geom, p.geom)) >= 0.01 * ST_Area(p.geom))`;

describe('zoning and land use as evidence', () => {
  let f: SearchEngineFixture;
  let plansWithoutZones: string[];

  const run = (request: SearchParcelsRequest) => {
    assertSearchRequest(request);
    return f.engine.run(request);
  };
  const coverage = (response: Awaited<ReturnType<typeof run>>, criterion: string) => response.coverage.find((c) => c.criterion === criterion)!;
  const ids = (response: Awaited<ReturnType<typeof run>>) => response.results.map((r) => r.parcel_id);
  const rawIds = async (sql: string, params: unknown[]): Promise<string[]> => ((await f.source.query(sql, params)) as Array<{ id: string }>).map((r) => r.id);

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    // Dywity's situation in Ostróda rural: a general plan only at public consultation, zoning every parcel residential
    const sources = testEnvironment().demoSourcesDir!;
    const [gmina] = await f.source.query(`SELECT ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND id = $1`, [RURAL]);
    const zone = {
      type: 'Feature',
      geometry: JSON.parse(gmina.geometry),
      properties: {
        id: `PL.ZIPPOG.1/${RURAL}-POG/SJ`, kind: 'multifunctional_single_family', name: null, teryt: RURAL, zone_symbol: 'SJ',
        zone_label: 'strefa wielofunkcyjna z zabudową mieszkaniową jednorodzinną', status: 'public_consultation', allows_building: true,
        plan_id: `PL.ZIPPOG.1/${RURAL}-POG`, adopted_on: null, document_url: 'https://example.test/pog.pdf',
      },
    };
    const lines = `${readFileSync(join(sources, 'plan_ogolny_zones.geojsonl'), 'utf8').trimEnd()}\n${JSON.stringify(zone)}\n`;
    const covered: string[] = JSON.parse(readFileSync(join(sources, 'plan_ogolny_zones.coverage.json'), 'utf8')).gminas;
    await refreshLayer(f.db.url, 'plan_ogolny_zones', writeLayerSource('plan_ogolny_zones', lines, [...covered, RURAL].sort()));
    const index = new SearchIndexRepository(f.source);
    await index.buildGmina(RURAL);
    await index.analyze();
    plansWithoutZones = (
      await f.source.query(
        `SELECT DISTINCT m.plan_name FROM layer_pub.mpzp_plans m JOIN layer_pub.parcels p ON p.teryt = $1 AND ST_Intersects(m.geom, p.geom) WHERE m.teryt = $1`,
        [RURAL],
      )
    ).map((r: { plan_name: string }) => r.plan_name);
  }, 300_000);
  afterAll(() => f?.close());

  describe('case 1: a gmina with plan boundaries but no plan zones', () => {
    it('the fixture is Dywity: plans cover parcels, no zones, a general plan only at public consultation', async () => {
      const [row] = await f.source.query(
        `SELECT (SELECT count(*)::int FROM layer_pub.mpzp_zones WHERE teryt = $1) AS zones,
                (SELECT count(*)::int FROM layer_pub.parcels p WHERE p.teryt = $1 AND ${IN_PLAN_WITHOUT_ZONE}) AS in_plans,
                (SELECT array_agg(DISTINCT status) FROM layer_pub.plan_ogolny_zones WHERE teryt = $1) AS statuses`,
        [RURAL],
      );
      expect(row).toEqual({ zones: 0, in_plans: expect.any(Number), statuses: ['public_consultation'] });
      expect(row.in_plans).toBeGreaterThan(0);
      expect(plansWithoutZones.length).toBeGreaterThan(0);
    });

    it('a local-plan symbol search is not "matched 0, available": coverage names the plans whose zones are missing', async () => {
      const response = await run({ region: RURAL, filters: { zoning: { symbols: ['MN'] } } });
      const zoning = coverage(response, 'zoning');
      expect(zoning.status).not.toBe('available');
      expect(response.matched).toBe(0);
      expect(plansWithoutZones.some((name) => zoning.note!.includes(`„${name}”`))).toBe(true);
    });

    it('a residential search returns no parcel inside a plan whose zones are missing, nor one zoned by a draft general plan', async () => {
      const response = await run({ region: RURAL, filters: { zoning: { categories: RESIDENTIAL } }, limit: 200 });
      expect(response.results).toEqual([]);
      expect(coverage(response, 'zoning').status).toBe('partial');
      expect(coverage(response, 'zoning').note).toContain('inside local plans whose zones are not in our data');
      // the same search where the general plan binds (Poznań) does find residential parcels, none unknown
      const poznan = await run({ region: POZNAN, filters: { zoning: { categories: RESIDENTIAL } }, limit: 200 });
      expect(poznan.matched).toBeGreaterThan(0);
      const unknown = await rawIds(`SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND ${IN_PLAN_WITHOUT_ZONE}`, [ids(poznan)]);
      expect(unknown).toEqual([]);
    });
  });

  describe('case 2: industrial and buildable', () => {
    it('industrial matches local-plan zones only, never a general-plan economic zone', async () => {
      const response = await run({ region: POZNAN, filters: { zoning: { categories: [...ZONING_CATEGORY_GROUPS['industrial']!] } }, limit: 200 });
      expect(response.matched).toBeGreaterThan(0);
      const notLocal = await rawIds(
        `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND NOT EXISTS (
           SELECT 1 FROM layer_pub.mpzp_zones z WHERE z.category = ANY($2::text[]) AND ST_Intersects(z.geom, p.geom)
             AND ST_Area(ST_Intersection(z.geom, p.geom)) >= 0.01 * ST_Area(p.geom))`,
        [ids(response), ZONING_CATEGORY_GROUPS['industrial']],
      );
      expect(notLocal).toEqual([]);
      expect(response.results.every((r) => r.facts?.zoning_source === 'mpzp')).toBe(true);
    });

    it('buildable includes parcels outside local plans in zones of the general plan in force that allow building', async () => {
      const response = await run({ region: POZNAN, filters: { zoning: { buildable: true } }, limit: 200 });
      const [expected] = await f.source.query(
        `SELECT count(*)::int AS n FROM search.parcel_index WHERE teryt = $1 AND zoning_source = 'plan_ogolny' AND general_plan_allows_building`,
        [POZNAN],
      );
      expect(expected.n).toBeGreaterThan(0);
      expect(response.matched).toBeGreaterThanOrEqual(expected.n);
      // every result from the general plan: no local plan there, and a zone in force that allows building (raw layers)
      const fromGeneral = response.results.filter((r) => r.facts?.zoning_source === 'plan_ogolny').map((r) => r.parcel_id);
      const wrong = await rawIds(
        `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND (
           EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom) AND ST_Area(ST_Intersection(m.geom, p.geom)) >= 0.01 * ST_Area(p.geom))
           OR NOT EXISTS (SELECT 1 FROM layer_pub.plan_ogolny_zones z WHERE z.status = 'in_force' AND z.allows_building AND ST_Intersects(z.geom, p.geom)))`,
        [fromGeneral],
      );
      expect(wrong).toEqual([]);
    });

    it('buildable in a gmina whose general plan is only a draft counts local-plan zones only', async () => {
      const response = await run({ region: RURAL, filters: { zoning: { buildable: true } } });
      expect(response.matched).toBe(0);
      expect(coverage(response, 'zoning').status).not.toBe('available');
    });
  });

  describe('case 5: agricultural land from land use', () => {
    for (const id of ['agrivoltaics_site', 'biogas_plant']) {
      it(`${id} in a rural gmina finds agricultural parcels of the scenario's size, proven by EGiB classes`, async () => {
        const request = compileScenario(findScenario(id)!, { region: RURAL, limit: 200 });
        expect(request.filters!.land_use?.kinds).toEqual(['agricultural']);
        expect(request.filters!.zoning).toBeUndefined();
        const response = await run(request);
        expect(response.blocked).toBe(false);
        expect(coverage(response, 'land_use')).toEqual({ criterion: 'land_use', mode: 'requires', status: 'available' });
        expect(response.matched).toBeGreaterThan(0);
        const notAgricultural = await rawIds(
          `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])
             AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(p.land_use_classes, ',')) c WHERE btrim(c) ~ '^(R|Ł|Ps)(\\s|$)|^(S|Br|Wsr|W|Lzr)(\\s|-|$)|^Lz-(R|Ł|Ps)')`,
          [ids(response)],
        );
        expect(notAgricultural).toEqual([]);
        const forestOrOrchard = await rawIds(
          `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])
             AND EXISTS (SELECT 1 FROM unnest(string_to_array(p.land_use_classes, ',')) c WHERE btrim(c) ~ '^Ls(\\s|$)|^S-')`,
          [ids(response)],
        );
        expect(forestOrOrchard).toEqual([]);
      });
    }

    it('a structured land_use filter: forest parcels are forest by EGiB class, and excluding forest removes them', async () => {
      const forest = await run({ region: RURAL, filters: { land_use: { kinds: ['forest'] } }, limit: 200 });
      const raw = await rawIds(
        `SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1 AND EXISTS (SELECT 1 FROM unnest(string_to_array(p.land_use_classes, ',')) c WHERE btrim(c) ~ '^Ls(\\s|$)') ORDER BY p.id COLLATE "C"`,
        [RURAL],
      );
      expect(forest.matched).toBe(raw.length);
      const notForest = await run({ region: RURAL, filters: { land_use: { exclude_kinds: ['forest'] } }, limit: 200 });
      expect(coverage(notForest, 'land_use:exclude').status).toBe('available');
      expect(ids(notForest).filter((id) => raw.includes(id))).toEqual([]);
    });
  });
});
