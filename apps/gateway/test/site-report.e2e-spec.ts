import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParcelReportView, ReportLinkView, SiteReportView } from '@lp/contracts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/**
 * POST /v1/sites/report on the demo data: the members checked (they exist, they form one site
 * within the gap), the union's constraints against plain PostGIS, the coverage gaps per member
 * against each member's own report, JSON and PDF in English and Polish. Every answer is checked
 * against /openapi.yaml. Set REPORT_PDF_DIR to keep the PDFs for a look (pdftoppm -png).
 */
describe('site report over HTTP (demo data)', () => {
  let stack: TestStack;
  /** Two touching parcels of a gmina without terrain data, both inside one protected landscape area. */
  let touching: { a: string; b: string; area: string };
  /** Two parcels 4 to 5 m apart, nothing between them. */
  let apart: { a: string; b: string; distance: number };
  const keep = (name: string, pdf: Buffer): void => {
    const dir = process.env['REPORT_PDF_DIR'];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), pdf);
  };
  const post = <T>(body: unknown, headers: Record<string, string> = {}) => stack.api().post<T>('/v1/sites/report', { key: stack.apiKey, body, headers });

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['parcel-svc', 'market-svc'], gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000' }, scopes: ['parcels:read', 'reports:create'] });
    [touching] = (await stack.sql<{ a: string; b: string; area: string }>(
      `SELECT a.id AS a, b.id AS b, f.id AS area FROM layer_pub.parcels a
       JOIN layer_pub.parcels b ON a.id < b.id AND a.teryt = b.teryt AND ST_Touches(a.geom, b.geom)
       JOIN layer_pub.env_layers f ON f.kind = 'protected_landscape_area' AND ST_Intersects(f.geom, a.geom) AND ST_Intersects(f.geom, b.geom)
       WHERE EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = 'terrain_stats' AND c.level = 'gmina' AND c.teryt = a.teryt AND c.status = 'missing')
       ORDER BY a.id, b.id LIMIT 1`,
    )) as [{ a: string; b: string; area: string }];
    const [row] = await stack.sql<{ a: string; b: string; distance: string }>(
      `SELECT a.id AS a, b.id AS b, ST_Distance(a.geom, b.geom) AS distance FROM layer_pub.parcels a
       JOIN layer_pub.parcels b ON a.id < b.id AND ST_DWithin(a.geom, b.geom, 5) AND ST_Distance(a.geom, b.geom) > 4
       ORDER BY a.id, b.id LIMIT 1`,
    );
    apart = { a: row!.a, b: row!.b, distance: Number(row!.distance) };
  }, 180_000);
  afterAll(() => stack?.stop());

  it("puts the members' facts together: each member's own report, the union's constraints as plain PostGIS measures them", async () => {
    const res = await post<SiteReportView>({ parcel_ids: [touching.a, touching.b] });
    expect(res.status).toBe(200);
    const report = res.json();
    expect(report.site.parcels.map((p) => p.parcel_id).sort()).toEqual([touching.a, touching.b].sort());
    expect(report.members.map((m) => m.parcel.id)).toEqual(report.site.parcels.map((p) => p.parcel_id));
    const [plain] = await stack.sql<{ total: string; inside: string; compactness: string }>(
      `WITH u AS (SELECT ST_Union(geom) AS g, sum(COALESCE(area_sqm, ST_Area(geom))) AS total FROM layer_pub.parcels WHERE id = ANY($1::text[]))
       SELECT u.total, ST_Area(ST_Intersection(u.g, f.geom)) AS inside, 4 * pi() * ST_Area(u.g) / ST_Perimeter(u.g) ^ 2 AS compactness
       FROM u, layer_pub.env_layers f WHERE f.id = $2`,
      [[touching.a, touching.b], touching.area],
    );
    expect(report.site.total_area_sqm).toBeCloseTo(Number(plain!.total), 0);
    expect(report.site.compactness).toBeCloseTo(Number(plain!.compactness), 2);
    const landscape = report.constraints.find((c) => c.id === touching.area)!;
    expect(landscape.parcel_ids.sort()).toEqual([touching.a, touching.b].sort());
    expect(landscape.distance_m).toBe(0);
    // the share of the whole site: within the rounding of the members' own shares (0.1 % each)
    expect(Math.abs(landscape.overlap_pct - (100 * Number(plain!.inside)) / Number(plain!.total))).toBeLessThan(0.2);
    expect(report.site.geometry.type).toMatch(/Polygon/);
    expect(report.provenance.data_version).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('says what could not be checked for which member, exactly as the members\' own reports say it, and never calls it none', async () => {
    const report = (await post<SiteReportView>({ parcel_ids: [touching.a, touching.b] })).json();
    const own = await Promise.all([touching.a, touching.b].map(async (id) => (await stack.api().get<ParcelReportView>(`/v1/parcels/${encodeURIComponent(id)}/report`, { key: stack.apiKey })).json()));
    const expected = new Map<string, string[]>();
    for (const member of own) for (const gap of member.coverage_gaps) expected.set(gap.layer, [...(expected.get(gap.layer) ?? []), member.parcel.id]);
    expect(new Map(report.coverage_gaps.map((g) => [g.layer, [...g.parcel_ids].sort()]))).toEqual(new Map([...expected].map(([layer, ids]) => [layer, ids.sort()])));
    const terrain = report.coverage_gaps.find((g) => g.layer === 'terrain_stats')!;
    expect(terrain.status).toBe('missing');
    expect(terrain.note).toMatch(/unknown there, not absent/);
    expect(report.summary).toContain('Slope unknown');
  });

  it('joins members up to max_gap_m apart and refuses them as one site with a smaller gap, naming the parcel apart', async () => {
    const ok = await post<SiteReportView>({ parcel_ids: [apart.a, apart.b], max_gap_m: 5 });
    expect(ok.status).toBe(200);
    expect(ok.json().site.max_gap_m).toBe(5);
    const refused = await post<ErrorEnvelope>({ parcel_ids: [apart.a, apart.b], max_gap_m: 0 });
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toContain(`${apart.b} lie more than max_gap_m 0 m from ${apart.a}`);
  });

  it('answers 404 naming an unknown member and 400 naming the limits of a bad request', async () => {
    const unknown = await post<ErrorEnvelope>({ parcel_ids: [touching.a, '999999_9.9999.1/1'] });
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.message).toContain('"999999_9.9999.1/1"');
    const cases: Array<[unknown, RegExp]> = [
      [{ parcel_ids: [touching.a] }, /parcel_ids must be an array of 2 to 30 distinct EGiB parcel ids/],
      [{ parcel_ids: Array.from({ length: 31 }, (_, k) => `066401_1.0002.${k}`) }, /2 to 30/],
      [{ parcel_ids: [touching.a, touching.a] }, /must not repeat a parcel/],
      [{ parcel_ids: [touching.a, touching.b], max_gap_m: 60 }, /max_gap_m must be a number of metres from 0 to 50; got 60/],
      [{ parcel_ids: [touching.a, touching.b], language: 'de' }, /language must be one of en, pl/],
    ];
    for (const [body, message] of cases) {
      const res = await post<ErrorEnvelope>(body);
      expect(res.status).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    }
  });

  it('renders the PDF in English and Polish, and stores it behind a shareable link', async () => {
    for (const language of ['en', 'pl'] as const) {
      const res = await post<unknown>({ parcel_ids: [touching.a, touching.b], language }, { accept: 'application/pdf' });
      expect(res.status).toBe(200);
      expect(res.header('content-type')).toBe('application/pdf');
      const pdf = res.bytes();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      keep(`site-report-${language}.pdf`, pdf);
    }
    const link = await stack.api().post<ReportLinkView>('/v1/sites/report/link', { key: stack.apiKey, body: { parcel_ids: [touching.a, touching.b], language: 'pl' } });
    expect(link.status).toBe(201);
    const shared = await stack.api().get(new URL(link.json().url).pathname);
    expect(shared.status).toBe(200);
    expect(shared.bytes().subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
