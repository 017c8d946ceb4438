import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ParcelReportView, ProximityView, RegulationsView, SiteReportView } from '@lp/contracts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '@lp/testing';

/**
 * What reports say against what the layers hold, on the demo data, each checked with plain
 * PostGIS: a general plan not in force is never stated as the zoning, a partially repealed local
 * plan is said, a site report keeps the overlap of informational areas, the generated/real
 * labelling follows the features a report used, "water" means one thing in facts and scenarios,
 * and the wind-turbine residential setback holds every point within 700 m of a house.
 * Set REPORT_PDF_DIR to keep the PDFs for a look (pdftoppm -png).
 */
describe('reports say what the layers say (demo data)', () => {
  let stack: TestStack;
  let mcp: Client;
  const get = async <T>(path: string): Promise<T> => {
    const res = await stack.api().get<T>(path, { key: stack.apiKey });
    expect(res.status).toBe(200);
    return res.json();
  };
  const report = (id: string, query = ''): Promise<ParcelReportView> => get<ParcelReportView>(`/v1/parcels/${encodeURIComponent(id)}/report${query}`);
  const keep = (name: string, pdf: Buffer): void => {
    const dir = process.env['REPORT_PDF_DIR'];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), pdf);
  };
  const pdf = async (id: string, language: 'en' | 'pl'): Promise<void> => {
    const res = await stack.api().get(`/v1/parcels/${encodeURIComponent(id)}/report?language=${language}`, { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(res.status).toBe(200);
    expect(res.bytes().subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep(`${id.replaceAll('/', '-')}-${language}.pdf`, res.bytes());
  };

  beforeAll(async () => {
    stack = await startTestStack({
      template: 'demo',
      services: ['parcel-svc', 'market-svc', 'search-svc', 'layer-svc'],
      gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '30000' },
      mcp: true,
    });
    mcp = new Client({ name: 'report-truth', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${stack.apiKey}` } } }));
  }, 240_000);
  afterAll(async () => {
    await mcp?.close();
    await stack?.stop();
  });

  describe('plan status', () => {
    it('never states a general plan in preparation as the zoning: REST in both languages, MCP, and the PDF', async () => {
      const [draft] = await stack.sql<{ id: string; zone: string; status: string }>(
        `SELECT p.id, z.zone_symbol AS zone, z.status FROM layer_pub.parcels p
         JOIN layer_pub.plan_ogolny_zones z ON ST_Covers(z.geom, ST_PointOnSurface(p.geom))
         WHERE z.status <> 'in_force' AND z.allows_building
           AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))
         ORDER BY p.id LIMIT 1`,
      );
      expect(draft).toBeDefined();
      const regulations = await get<RegulationsView>(`/v1/parcels/${encodeURIComponent(draft!.id)}/regulations`);
      expect(regulations.plan_ogolny).toMatchObject({ zone_symbol: draft!.zone, status: draft!.status, binding: false });
      expect(regulations.zoning_source).toBe('none');

      const pl = await report(draft!.id, '?language=pl');
      expect(pl.summary).not.toContain(`Strefa planu ogólnego: ${draft!.zone}`);
      expect(pl.summary).not.toMatch(/, dopuszcza nową zabudowę/);
      expect(pl.summary).toMatch(new RegExp(`Plan ogólny, który jeszcze nie obowiązuje \\(stan: [^)]+\\), przewiduje strefę ${draft!.zone}`));
      expect(pl.summary).toContain('to tylko informacja, która nie przesądza o przeznaczeniu działki');
      const en = await report(draft!.id);
      expect(en.summary).toContain(`A general plan that is not in force (status: ${draft!.status === 'in_preparation' ? 'in preparation' : draft!.status.replaceAll('_', ' ')}`);
      expect(en.summary).not.toContain(`The general plan zone is ${draft!.zone}`);

      const tool = (await mcp.callTool({ name: 'parcel_report', arguments: { parcel_id: draft!.id } })) as CallToolResult;
      expect(tool.isError).toBeFalsy();
      expect((tool.structuredContent as { summary: string }).summary).toBe(en.summary);
      await pdf(draft!.id, 'pl');
      await pdf(draft!.id, 'en');
    });

    it('states a general plan in force as the zoning where no local plan applies', async () => {
      const [inForce] = await stack.sql<{ id: string; zone: string }>(
        `SELECT p.id, z.zone_symbol AS zone FROM layer_pub.parcels p
         JOIN layer_pub.plan_ogolny_zones z ON ST_Covers(z.geom, ST_PointOnSurface(p.geom)) AND z.kind NOT IN ('infill_area', 'inner_city_area')
         WHERE z.status = 'in_force' AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))
           AND NOT EXISTS (SELECT 1 FROM layer_pub.plan_ogolny_zones o WHERE o.id <> z.id AND ST_Intersects(o.geom, p.geom))
         ORDER BY p.id LIMIT 1`,
      );
      const en = await report(inForce!.id);
      expect(en.regulations.zoning_source).toBe('plan_ogolny');
      expect(en.summary).toContain(`The general plan in force puts it in zone ${inForce!.zone}`);
    });

    it('says a local plan is partially repealed, in the regulations, the summary and the MCP tool', async () => {
      const [repealed] = await stack.sql<{ id: string; plan_id: string }>(
        `SELECT p.id, pl.plan_id FROM layer_pub.parcels p
         JOIN layer_pub.mpzp_plans pl ON pl.legal_status = 'partially_repealed' AND ST_Covers(pl.geom, p.geom)
         JOIN layer_pub.mpzp_zones z ON z.plan_id = pl.plan_id AND ST_Covers(z.geom, p.geom)
         ORDER BY p.id LIMIT 1`,
      );
      expect(repealed).toBeDefined();
      const en = await report(repealed!.id);
      expect(en.regulations.mpzp).toMatchObject({ plan_id: repealed!.plan_id, legal_status: 'partially_repealed' });
      expect(en.summary).toContain('The plan has been partially repealed: check in its document whether the repeal covers this parcel.');
      expect((await report(repealed!.id, '?language=pl')).summary).toContain('Plan został częściowo uchylony');
      const tool = (await mcp.callTool({ name: 'check_regulations', arguments: { parcel_id: repealed!.id } })) as CallToolResult;
      expect((tool.structuredContent as { summary: string }).summary).toContain('partially repealed');
      await pdf(repealed!.id, 'pl');
    });
  });

  describe('pre-emption rights', () => {
    it('carry a stable id and the land-use classes they rest on, so a Polish report says them in Polish', async () => {
      const [farm] = await stack.sql<{ id: string; classes: string }>(
        `SELECT p.id, p.land_use_classes AS classes FROM layer_pub.parcels p
         WHERE p.area_sqm >= 3000 AND p.land_use_classes ~ '(^|,)\\s*(R|Ł|Ps) '
           AND NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))
         ORDER BY p.id LIMIT 1`,
      );
      expect(farm).toBeDefined();
      const regulations = await get<RegulationsView>(`/v1/parcels/${encodeURIComponent(farm!.id)}/regulations`);
      const kowr = regulations.pre_emption.find((right) => right.right === 'agricultural_property');
      const agricultural = farm!.classes.split(',').map((c) => c.trim()).filter((c) => /^(R|Ł|Ps|S|Br|Wsr|W|Lzr|N)(\s|-|$)/.test(c));
      expect(kowr?.land_use_classes).toEqual(agricultural);
      await pdf(farm!.id, 'pl');
    });
  });

  describe('site report', () => {
    /** Every area the site report lists that overlaps the site, against the union's share inside it in PostGIS. */
    const checkOverlaps = async (ids: string[]): Promise<SiteReportView> => {
      const res = await stack.api().post<SiteReportView>('/v1/sites/report', { key: stack.apiKey, body: { parcel_ids: ids } });
      expect(res.status).toBe(200);
      const site = res.json();
      const plain = await stack.sql<{ layer: string; id: string; pct: string }>(
        `WITH u AS (SELECT ST_Union(geom) AS g, sum(COALESCE(area_sqm, ST_Area(geom))) AS total FROM layer_pub.parcels WHERE id = ANY($1::text[]))
         SELECT f.layer, f.id, 100 * ST_Area(ST_Intersection(u.g, f.geom)) / u.total AS pct
         FROM u, (SELECT 'aviation_obstacles' AS layer, id, geom FROM layer_pub.aviation_obstacles
                  UNION ALL SELECT 'groundwater', id, geom FROM layer_pub.groundwater
                  UNION ALL SELECT 'wind_exclusion', id, geom FROM layer_pub.wind_exclusion) f
         WHERE ST_Intersects(f.geom, u.g)`,
        [ids],
      );
      const informational = site.constraints.filter((c) => c.severity === 'informational' && ['aviation_obstacles', 'groundwater', 'wind_exclusion'].includes(c.layer));
      for (const row of plain.filter((r) => Number(r.pct) >= 1)) {
        const item = informational.find((c) => c.layer === row.layer && c.id === row.id);
        if (!item) continue;
        expect(Math.abs(item.overlap_pct - Number(row.pct))).toBeLessThan(0.2);
        expect(item.distance_m).toBe(0);
      }
      return site;
    };

    it('keeps the overlap of informational areas: an outer obstacle surface and a groundwater reservoir over the whole site', async () => {
      const [pair] = await stack.sql<{ a: string; b: string }>(
        `WITH cand AS (SELECT a.* FROM layer_pub.parcels a
           JOIN layer_pub.aviation_obstacles o ON o.kind = 'outer_horizontal_surface' AND ST_CoveredBy(a.geom, o.geom)
           JOIN layer_pub.groundwater g ON g.kind = 'major_groundwater_reservoir' AND ST_CoveredBy(a.geom, g.geom))
         SELECT a.id AS a, b.id AS b FROM cand a JOIN cand b ON a.id < b.id AND a.teryt = b.teryt AND ST_DWithin(a.geom, b.geom, 0.5)
         ORDER BY a.id, b.id LIMIT 1`,
      );
      expect(pair).toBeDefined();
      const site = await checkOverlaps([pair!.a, pair!.b]);
      const surface = site.constraints.find((c) => c.kind === 'outer_horizontal_surface')!;
      const reservoir = site.constraints.find((c) => c.kind === 'major_groundwater_reservoir')!;
      expect([surface.overlap_pct, reservoir.overlap_pct]).toEqual([100, 100]);
      expect(surface.parcel_ids.sort()).toEqual([pair!.a, pair!.b].sort());
      expect(surface.severity).toBe('informational');
    });

    it('keeps the share of a wind-turbine setback crossing the site', async () => {
      const [pair] = await stack.sql<{ a: string; b: string; pct: string }>(
        `SELECT a.id AS a, b.id AS b, 100 * ST_Area(ST_Intersection(ST_Union(a.geom, b.geom), w.geom)) / ST_Area(ST_Union(a.geom, b.geom)) AS pct
         FROM layer_pub.wind_exclusion w
         JOIN layer_pub.parcels a ON ST_Intersects(a.geom, ST_Boundary(w.geom))
         JOIN layer_pub.parcels b ON a.id < b.id AND a.teryt = b.teryt AND ST_Touches(a.geom, b.geom) AND ST_Intersects(b.geom, w.geom)
         WHERE w.kind = 'residential_setback'
         ORDER BY abs(100 * ST_Area(ST_Intersection(ST_Union(a.geom, b.geom), w.geom)) / ST_Area(ST_Union(a.geom, b.geom)) - 40), a.id, b.id LIMIT 1`,
      );
      expect(Number(pair!.pct)).toBeGreaterThan(5);
      expect(Number(pair!.pct)).toBeLessThan(95);
      const site = await checkOverlaps([pair!.a, pair!.b]);
      const setback = site.constraints.find((c) => c.kind === 'residential_setback')!;
      expect(Math.abs(setback.overlap_pct - Number(pair!.pct))).toBeLessThan(0.2);
    });
  });

  describe('generated or real', () => {
    it('lists the generated transactions behind the market figures, and calls real substations real', async () => {
      // a parcel whose nearest substations (of any voltage and of 110 kV and more) are real ones
      const [parcel] = await stack.sql<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         WHERE (SELECT s.id FROM layer_pub.power_substations s ORDER BY ST_Distance(s.geom, p.geom), s.id COLLATE "C" LIMIT 1) NOT LIKE 'sn-%'
         ORDER BY p.id LIMIT 1`,
      );
      expect(parcel).toBeDefined();
      const en = await report(parcel!.id);
      const [notes] = await stack.sql<{ transactions: string; substations: string }>(
        `SELECT max(source_note) FILTER (WHERE layer_id = 'transactions') AS transactions, max(source_note) FILTER (WHERE layer_id = 'power_substations') AS substations
         FROM layer_pub.layer_versions`,
      );
      expect(notes!.transactions).toMatch(/not real data/);
      expect(notes!.substations).toMatch(/^real substations/);
      expect(en.market.comparables).toBeDefined();
      expect(en.provenance.layers.map((l) => l.layer)).toContain('transactions');
      expect(en.data_notice?.generated_layers).toContain('transactions');
      const substations = en.proximity.items.filter((i) => i.layer === 'power_substations');
      expect(substations.length).toBeGreaterThan(0);
      expect(substations.every((i) => !i.id.startsWith('sn-'))).toBe(true);
      expect(en.data_notice?.generated_layers).not.toContain('power_substations');
      // a generated feature used (the nearest MV line here) makes its layer generated in this report
      const lines = en.proximity.items.filter((i) => i.layer === 'power_lines');
      expect(en.data_notice?.generated_layers.includes('power_lines')).toBe(lines.some((i) => i.id.startsWith('sn-line-')));
    });
  });

  describe('market', () => {
    it('states farmland and building plots apart, never one median over both', async () => {
      const [mixed] = await stack.sql<{ id: string }>(
        `SELECT p.id FROM layer_pub.parcels p
         WHERE (SELECT count(DISTINCT t.land_type) FROM layer_pub.transactions t
                WHERE t.property_type = 'land' AND t.land_type IN ('agricultural', 'building') AND t.date >= now() - interval '2 years'
                  AND ST_DWithin(t.geom, p.geom, 2000)) = 2
         ORDER BY p.id LIMIT 1`,
      );
      expect(mixed).toBeDefined();
      const en = await report(mixed!.id);
      const plain = await stack.sql<{ land_type: string; count: number; median: number }>(
        `SELECT t.land_type, count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS median
         FROM layer_pub.transactions t, layer_pub.parcels p
         WHERE p.id = $1 AND t.property_type = 'land' AND t.date >= $2::date AND ST_DWithin(t.geom, p.geom, 2000) GROUP BY 1 ORDER BY 1`,
        [mixed!.id, en.market.since],
      );
      expect(en.market.land_type_medians?.map((g) => [g.land_type, g.count])).toEqual(plain.map((r) => [r.land_type, r.count]));
      const sentence = en.summary_sentences.find((s) => s.startsWith('Price level'))!;
      expect(sentence).toMatch(/^Price level of land within 2 km since .*: farmland a median of [\d,]+ PLN\/m² \(\d+ transactions?\) and building plots a median of [\d,]+ PLN\/m²/);
      expect(sentence).not.toContain(`a median of ${Math.round(en.market.median_price_per_sqm_pln!).toLocaleString('en-GB')} PLN/m² from`);
      const pl = await report(mixed!.id, '?language=pl');
      expect(pl.summary).toMatch(/grunty rolne: mediana [\d\s]+ zł\/m² \(\d+ transakcj[aie]\) oraz działki budowlane: mediana/);
      await pdf(mixed!.id, 'pl');
    });
  });

  describe('water', () => {
    it('is a river, canal, lake or reservoir in the facts as in the data-centre scenario, never a stream', async () => {
      // a parcel of data-centre size with a stream within 3 km but no other water within 3 km
      const [parcel] = await stack.sql<{ id: string; water: string | null; stream: string }>(
        `WITH c AS (SELECT p.id,
           (SELECT min(ST_Distance(w.geom, p.geom)) FROM layer_pub.waterways w WHERE w.kind = 'stream' AND ST_DWithin(w.geom, p.geom, 3000)) AS stream,
           (SELECT min(ST_Distance(w.geom, p.geom)) FROM layer_pub.waterways w WHERE w.kind IN ('river', 'canal', 'lake', 'reservoir')) AS water
           FROM layer_pub.parcels p WHERE p.area_sqm >= 5000)
         SELECT id, water, stream FROM c WHERE stream < 3000 AND (water IS NULL OR water > 3000) ORDER BY id LIMIT 1`,
      );
      expect(parcel).toBeDefined();
      const proximity = await get<ProximityView>(`/v1/parcels/${encodeURIComponent(parcel!.id)}/proximity?kinds=water`);
      const water = proximity.items.find((i) => i.kind === 'water');
      if (parcel!.water === null) expect(water).toBeUndefined();
      else expect(water?.distance_m).toBeCloseTo(Number(parcel!.water), 1);
      expect(water?.distance_m ?? Infinity).toBeGreaterThan(3000);
      const fit = (await report(parcel!.id, '?scenario=data_center_site')).scenario_fit!;
      expect(fit.failed_criteria).toContain('Near water');
    });
  });

  describe('wind-turbine setback', () => {
    it('holds every point within 700 m of a house: no parcel that near lies outside the residential setback', async () => {
      const near = await stack.sql<{ id: string; distance: string }>(
        `SELECT p.id, min(ST_Distance(p.geom, b.geom)) AS distance
         FROM layer_pub.parcels p JOIN layer_pub.buildings b ON ST_DWithin(p.geom, b.geom, 700) AND b.kind IN ('single_family', 'multi_family')
         WHERE NOT EXISTS (SELECT 1 FROM layer_pub.wind_exclusion w WHERE w.kind = 'residential_setback' AND ST_Intersects(w.geom, p.geom))
         GROUP BY p.id ORDER BY 2`,
      );
      expect(near).toEqual([]);
      // conservative, not wide: the setback's vertices lie within 750 m of a house (a cluster's hull
      // bridges the gaps between its houses, so a vertex off a gap lies a little beyond 710 m)
      const [widest] = await stack.sql<{ far: string }>(
        `SELECT max((SELECT min(ST_Distance(d.geom, b.geom)) FROM layer_pub.buildings b
                     WHERE b.kind IN ('single_family', 'multi_family') AND ST_DWithin(d.geom, b.geom, 800))) AS far
         FROM layer_pub.wind_exclusion w CROSS JOIN LATERAL ST_DumpPoints(w.geom) d WHERE w.kind = 'residential_setback'`,
      );
      expect(Number(widest!.far)).toBeLessThan(750);
    });
  });
});
