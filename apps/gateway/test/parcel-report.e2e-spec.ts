import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParcelReportView } from '@lp/contracts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/**
 * GET /v1/parcels/{id}/report on the demo data, as JSON and as PDF; every answer is checked
 * against /openapi.yaml. Set REPORT_PDF_DIR to keep the PDFs for a look (pdftoppm -png).
 */
describe('due-diligence report over HTTP (demo data)', () => {
  let stack: TestStack;
  let noPlanId: string;
  let unknownZoning: { id: string; plan_name: string };
  const path = (id: string, query = ''): string => `/v1/parcels/${encodeURIComponent(id)}/report${query}`;
  const keep = (name: string, pdf: Buffer): void => {
    const dir = process.env['REPORT_PDF_DIR'];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), pdf);
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['parcel-svc', 'market-svc'], gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000' }, scopes: ['parcels:read'] });
    // Outside every local plan of a gmina whose plan boundaries are known: no plan applies.
    [{ id: noPlanId }] = (await stack.sql<{ id: string }>(
      `SELECT p.parcel_id AS id FROM layer_pub.parcels p
       JOIN layer_pub.region_coverage c ON c.layer_id = 'mpzp_plans' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'available'
       WHERE NOT EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom))
       ORDER BY p.parcel_id LIMIT 1`,
    )) as [{ id: string }];
    // Inside a local plan of a gmina whose plan zones are not in the data: zoning unknown.
    [unknownZoning] = (await stack.sql<{ id: string; plan_name: string }>(
      `SELECT p.parcel_id AS id, m.plan_name FROM layer_pub.parcels p
       JOIN layer_pub.mpzp_plans m ON ST_Covers(m.geom, p.geom)
       WHERE NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c
                         WHERE c.layer_id = 'mpzp_zones' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status <> 'missing')
       ORDER BY p.parcel_id LIMIT 1`,
    )) as [{ id: string; plan_name: string }];
  }, 180_000);
  afterAll(() => stack?.stop());

  it('says plainly that no local plan applies where the plans of the gmina are known', async () => {
    const res = await stack.api().get<ParcelReportView>(path(noPlanId), { key: stack.apiKey });
    expect(res.status).toBe(200);
    const report = res.json();
    expect(report.parcel.id).toBe(noPlanId);
    expect(report.regulations.mpzp).toBeNull();
    expect(report.summary).toContain('No local plan applies');
    expect(report.coverage_gaps.map((gap) => gap.layer)).not.toContain('mpzp_plans');
    expect(report.scenario_fit).toBeNull();
    expect(report.market.property_type).toBe('land');
    expect(report.provenance.data_version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.provenance.layers.map((l) => l.layer)).toEqual(expect.arrayContaining(['parcels', 'mpzp_plans', 'env_layers']));
  });

  it('calls zoning unknown, not absent, in a gmina whose plan zones are not in the data', async () => {
    const report = (await stack.api().get<ParcelReportView>(path(unknownZoning.id), { key: stack.apiKey })).json();
    expect('mpzp' in report.regulations).toBe(false);
    expect(report.summary).toContain(unknownZoning.plan_name);
    expect(report.summary).toMatch(/The parcel lies in (a local plan \(|local plan ")/);
    expect(report.summary).toMatch(/zoning is unknown, not absent/);
    expect(report.summary).not.toContain('No local plan applies');
    expect(report.coverage_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ layer: 'mpzp_zones', status: 'missing' })]));
  });

  it('writes the summary in Polish and keeps the data version for the same data', async () => {
    const en = (await stack.api().get<ParcelReportView>(path(unknownZoning.id), { key: stack.apiKey })).json();
    const pl = (await stack.api().get<ParcelReportView>(path(unknownZoning.id, '?language=pl'), { key: stack.apiKey })).json();
    expect(pl.language).toBe('pl');
    // on generated demo data the first sentence says so; the parcel's own summary follows it
    expect(pl.summary).toMatch(/^Dane demonstracyjne: .*\. Działka /);
    expect(pl.summary).toContain('przeznaczenie jest nieznane');
    expect(pl.provenance.data_version).toBe(en.provenance.data_version);
  });

  it('renders a PDF that names the parcel when the client asks for application/pdf', async () => {
    const res = await stack.api().get(path(noPlanId), { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/pdf');
    const pdf = res.bytes();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document information dictionary carries the id as plain text (page text is font-encoded).
    expect(pdf.toString('latin1')).toContain(noPlanId);
    keep('report-no-plan-en.pdf', pdf);
    const polish = await stack.api().get(path(unknownZoning.id, '?language=pl'), { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(polish.bytes().subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('report-unknown-zoning-pl.pdf', polish.bytes());
  }, 60_000);

  it('refuses a bad language or scenario with what is allowed, and an unknown parcel with 404', async () => {
    const language = await stack.api().get<ErrorEnvelope>(path(noPlanId, '?language=de'), { key: stack.apiKey });
    expect(language.status).toBe(400);
    expect(language.json().error.message).toMatch(/language must be one of en, pl/);
    const scenario = await stack.api().get<ErrorEnvelope>(path(noPlanId, '?scenario=Solar%20Farm!'), { key: stack.apiKey });
    expect(scenario.status).toBe(400);
    expect(scenario.json().error.message).toMatch(/scenario must be a scenario id such as solar_farm_site/);
    const missing = await stack.api().get<ErrorEnvelope>(path(`${noPlanId}9`), { key: stack.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});
