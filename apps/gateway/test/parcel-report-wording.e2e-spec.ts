import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CRITERION_LABELS_PL, type ConstraintsView, type ParcelComparisonView, type ParcelReportView, type ProvenanceView } from '@lp/contracts';
import { startTestStack, type TestStack } from '@lp/testing';

/**
 * What a reader of the report sees, on the demo data: a Polish report fully in Polish, the
 * demo-data notice first, HV substations told apart from MV transformer stations, wind-turbine
 * setbacks a restriction only for a wind farm, plan titles not doubled, no server path in any
 * source_url, and the scenario section left out (not a 503) when search-svc is down.
 */
describe('report wording on the demo data', () => {
  let stack: TestStack;
  let small: string;
  let zoned: { id: string; plan_name: string };
  const report = async (id: string, query: string): Promise<ParcelReportView> => {
    const res = await stack.api().get<ParcelReportView>(`/v1/parcels/${encodeURIComponent(id)}/report${query}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    return res.json();
  };
  const FILE_PATH = /^file:|^[/~]|^[A-Za-z]:[\\/]/i;

  beforeAll(async () => {
    stack = await startTestStack({
      template: 'demo',
      services: ['parcel-svc', 'market-svc', 'search-svc', 'layer-svc'],
      // wording is checked here, not speed: a PDF with its map passed 10 s while the whole suite ran
      gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '30000' },
      scopes: ['parcels:read', 'layers:read'],
    });
    [{ id: small }] = (await stack.sql<{ id: string }>(`SELECT parcel_id AS id FROM layer_pub.parcels WHERE area_sqm < 2000 ORDER BY parcel_id LIMIT 1`)) as [{ id: string }];
    [zoned] = (await stack.sql<{ id: string; plan_name: string }>(
      `SELECT p.parcel_id AS id, z.plan_name FROM layer_pub.parcels p
       JOIN layer_pub.mpzp_zones z ON ST_Covers(z.geom, ST_PointOnSurface(p.geom))
       WHERE z.plan_name ILIKE 'Miejscowy plan%' ORDER BY p.parcel_id LIMIT 1`,
    )) as [{ id: string; plan_name: string }];
  }, 240_000);
  afterAll(() => stack?.stop());

  it('names failed scenario criteria in Polish, never by their English labels', async () => {
    const pl = await report(small, '?scenario=solar_farm_site&language=pl');
    expect(pl.scenario_fit?.failed_criteria).toContain('Minimum area');
    expect(pl.summary).toContain('„Farma fotowoltaiczna” (solar_farm_site)');
    // the PDF's scenario table reads the same title
    expect(pl.scenario_title).toBe('Farma fotowoltaiczna');
    expect(pl.summary).toContain('minimalna powierzchnia');
    for (const english of Object.keys(CRITERION_LABELS_PL)) expect(pl.summary).not.toContain(english);
    expect(pl.summary).not.toMatch(/\b(Nearest|Blocking|Restrictive|unknown|substation)\b/);
  });

  it('says on page one, in both languages, that the report rests on generated demo data', async () => {
    const en = await report(small, '');
    const generated = await stack.sql<{ layer_id: string }>(
      `SELECT layer_id FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]) AND source_note ILIKE '%not real data%' ORDER BY layer_id`,
      [en.provenance.layers.map((l) => l.layer)],
    );
    expect(generated.length).toBeGreaterThan(0);
    expect(en.data_notice?.generated_layers).toEqual(generated.map((r) => r.layer_id));
    expect(en.summary_sentences[0]).toBe(en.data_notice?.text);
    expect(en.summary_sentences[0]).toMatch(/^Demo data: .*generated.*, not real records/);
    if (generated.some((r) => r.layer_id === 'parcels') && generated.length > 4) expect(en.summary_sentences[0]).toContain('the parcels themselves among them');
    const pl = await report(small, '?language=pl');
    expect(pl.summary_sentences[0]).toMatch(/^Dane demonstracyjne: .*wygenerowan/);
  });

  it('tells the nearest HV substation (at least 110 kV) from a closer MV transformer station', async () => {
    // A parcel whose nearest substation of any voltage is an MV station closer than every HV one.
    const [row] = await stack.sql<{ id: string; mv_kv: number; hv_kv: number; hv_id: string }>(
      `SELECT p.parcel_id AS id, mv.voltage_kv AS mv_kv, hv.voltage_kv AS hv_kv, hv.id AS hv_id
       FROM layer_pub.parcels p
       CROSS JOIN LATERAL (SELECT s.voltage_kv, ST_Distance(s.geom, p.geom) AS d FROM layer_pub.power_substations s
                           ORDER BY s.geom <-> p.geom LIMIT 1) mv
       CROSS JOIN LATERAL (SELECT s.id, s.voltage_kv, ST_Distance(s.geom, p.geom) AS d FROM layer_pub.power_substations s
                           WHERE s.voltage_kv >= 110 ORDER BY s.geom <-> p.geom LIMIT 1) hv
       WHERE mv.voltage_kv < 60 AND mv.d < hv.d
       ORDER BY p.parcel_id LIMIT 1`,
    );
    expect(row).toBeDefined();
    const en = await report(row!.id, '');
    const hv = en.proximity.items.find((i) => i.kind === 'hv_substation');
    expect(hv?.id).toBe(row!.hv_id);
    expect(en.summary).toContain(`HV substation (${row!.hv_kv} kV)`);
    expect(en.summary).toContain(`MV transformer station (${row!.mv_kv} kV)`);
    expect(en.summary).not.toContain('substation of any voltage');
    const pl = await report(row!.id, '?language=pl');
    expect(pl.summary).toContain(`stacja WN (${row!.hv_kv} kV)`);
    expect(pl.summary).toContain(`stacja transformatorowa SN (${row!.mv_kv} kV)`);
  });

  it('keeps the wind-turbine setback informational unless the parcel is judged as a wind farm site', async () => {
    const [row] = await stack.sql<{ id: string }>(
      `SELECT p.parcel_id AS id FROM layer_pub.parcels p JOIN layer_pub.wind_exclusion w ON ST_Covers(w.geom, p.geom)
       ORDER BY p.parcel_id LIMIT 1`,
    );
    expect(row).toBeDefined();
    const block = (await stack.api().get<ConstraintsView>(`/v1/parcels/${encodeURIComponent(row!.id)}/constraints`, { key: stack.apiKey })).json();
    const setbacks = block.items.filter((item) => item.topic === 'wind_setback');
    expect(setbacks.length).toBeGreaterThan(0);
    for (const item of setbacks) expect(item.severity).toBe('informational');

    const solar = await report(row!.id, '?scenario=solar_farm_site');
    expect(solar.constraints.items.filter((i) => i.topic === 'wind_setback').map((i) => i.severity)).toEqual(setbacks.map(() => 'informational'));
    expect(solar.summary).not.toMatch(/wind/i);
    const wind = await report(row!.id, '?scenario=wind_farm_site');
    expect(wind.scenario_fit?.failed_criteria).toContain('Statutory setback clear');
    expect(wind.summary).toContain('For a wind farm: the parcel lies in a statutory wind-turbine setback zone');
  });

  it('writes a plan title that names the instrument once', async () => {
    expect(zoned).toBeDefined();
    const pl = await report(zoned.id, '?language=pl');
    expect(pl.regulations.mpzp?.plan_name).toBe(zoned.plan_name);
    expect(pl.summary).toContain(zoned.plan_name);
    expect(pl.summary).not.toMatch(/Miejscowy plan „Miejscowy plan|planu „Miejscowy plan/);
    const en = await report(zoned.id, '');
    expect(en.summary).not.toMatch(/Local plan "Miejscowy plan/);
  });

  it('never shows a server file path as source_url: report, parcel detail and layer features', async () => {
    const en = await report(small, '');
    expect(en.provenance.parcel.source_url).not.toMatch(FILE_PATH);
    const parcel = (await stack.api().get<{ properties: { provenance: ProvenanceView } }>(`/v1/parcels/${encodeURIComponent(small)}`, { key: stack.apiKey })).json();
    expect(parcel.properties.provenance.source_url).not.toMatch(FILE_PATH);
    const [box] = await stack.sql<{ bbox: string }>(
      `SELECT concat_ws(',', ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)) AS bbox
       FROM (SELECT ST_Transform(ST_Expand(geom, 3000), 4326) AS e FROM layer_pub.parcels WHERE parcel_id = $1) x`,
      [small],
    );
    for (const layer of ['parcels', 'env_layers', 'power_substations', 'transport_stops', 'mpzp_zones', 'buildings']) {
      const page = (await stack.api().get<{ features: Array<{ properties: { provenance: ProvenanceView } }> }>(`/v1/layers/${layer}/features?bbox=${box!.bbox}&limit=50`, { key: stack.apiKey })).json();
      for (const feature of page.features) expect(feature.properties.provenance.source_url).not.toMatch(FILE_PATH);
    }
    // A row loaded from a local file before sources were named by their sidecar shows the file name only.
    const [{ table_name: table }] = (await stack.sql<{ table_name: string }>(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'parcels'`)) as [{ table_name: string }];
    await stack.sql(`UPDATE layer.${table} SET source_url = 'file:///srv/landparcel/shared/parcels.geojsonl' WHERE ext_id = $1`, [small]);
    const old = (await stack.api().get<{ properties: { provenance: ProvenanceView } }>(`/v1/parcels/${encodeURIComponent(small)}`, { key: stack.apiKey })).json();
    expect(old.properties.provenance.source_url).toBe('local-file:parcels.geojsonl');
  });

  it('leaves the scenario out with a note, not a 503, when search-svc is down', async () => {
    await stack.stopService('search-svc');
    const pl = await report(small, '?scenario=solar_farm_site&language=pl');
    expect(pl.scenario_fit).toBeNull();
    expect(pl.scenario_fit_note).toContain('nie udało się teraz ocenić');
    expect(pl.summary).toMatch(/Dopasowania do scenariusza (solar_farm_site|„Farma fotowoltaiczna” \(solar_farm_site\)) nie udało się teraz ocenić/);
    const pdf = await stack.api().get(`/v1/parcels/${encodeURIComponent(small)}/report?scenario=solar_farm_site`, { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    const [other] = await stack.sql<{ id: string }>(`SELECT parcel_id AS id FROM layer_pub.parcels WHERE parcel_id > $1 ORDER BY parcel_id LIMIT 1`, [small]);
    const compare = await stack.api().post<ParcelComparisonView>('/v1/parcels/compare', { key: stack.apiKey, body: { parcel_ids: [small, other!.id], scenario: 'solar_farm_site' } });
    expect(compare.status).toBe(200);
    for (const row of compare.json().rows) {
      expect(row.scenario_fit).toBeUndefined();
      expect(row.gaps).toEqual(expect.arrayContaining([expect.objectContaining({ column: 'scenario_fit', reason: 'unavailable' })]));
    }
  }, 60_000);
});
