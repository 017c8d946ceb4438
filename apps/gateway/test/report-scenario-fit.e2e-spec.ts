import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ErrorEnvelopeView, ParcelComparisonView, ParcelReportView } from '@lp/contracts';
import { startTestStack, type TestStack } from '@lp/testing';

/**
 * Scenario fit in the report and the comparison: parcel-svc asks search-svc
 * (`search.scenarios.evaluate`) and reports the failed criteria by their labels.
 */
describe('scenario fit in reports and comparisons (demo data)', () => {
  let stack: TestStack;
  let small: string[];

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['parcel-svc', 'market-svc', 'search-svc'], gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000' }, scopes: ['parcels:read'] });
    // Far below the 1 ha a solar farm needs (spec Scenarios: solar_farm_site min area 1 ha).
    small = (await stack.sql<{ id: string }>(`SELECT parcel_id AS id FROM layer_pub.parcels WHERE area_sqm < 2000 ORDER BY parcel_id LIMIT 2`)).map((r) => r.id);
  }, 180_000);
  afterAll(() => stack?.stop());

  it('fails a small parcel on the solar farm scenario and names the failed criterion', async () => {
    const res = await stack.api().get<ParcelReportView>(`/v1/parcels/${encodeURIComponent(small[0]!)}/report?scenario=solar_farm_site`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    const report = res.json();
    expect(report.scenario_fit).toMatchObject({ scenario: 'solar_farm_site', passes: false });
    expect(report.scenario_fit?.failed_criteria).toContain('Minimum area');
    expect(report.summary).toContain('does not fit the "Solar farm" (solar_farm_site) scenario');
    expect(report.summary).toContain('Minimum area');
  });

  it('says the same in Polish and in the PDF', async () => {
    const pl = (await stack.api().get<ParcelReportView>(`/v1/parcels/${encodeURIComponent(small[0]!)}/report?scenario=solar_farm_site&language=pl`, { key: stack.apiKey })).json();
    expect(pl.summary).toContain('nie pasuje do scenariusza „Farma fotowoltaiczna” (solar_farm_site)');
    expect(pl.summary).toContain('minimalna powierzchnia');
    const pdf = await stack.api().get(`/v1/parcels/${encodeURIComponent(small[0]!)}/report?scenario=solar_farm_site`, { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.bytes().subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('adds scenario fit to every compared row and lists who passes', async () => {
    const res = await stack.api().post<ParcelComparisonView>('/v1/parcels/compare', { key: stack.apiKey, body: { parcel_ids: small, scenario: 'solar_farm_site' } });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.scenario).toBe('solar_farm_site');
    for (const row of body.rows) expect(row.scenario_fit?.failed_criteria).toContain('Minimum area');
    expect(body.best.scenario_passes).toEqual([]);
  });

  it('refuses an unknown scenario', async () => {
    const res = await stack.api().get<ErrorEnvelopeView>(`/v1/parcels/${encodeURIComponent(small[0]!)}/report?scenario=moon_base_site`, { key: stack.apiKey });
    expect([400, 404]).toContain(res.status);
    expect(res.json().error.message).toContain('moon_base_site');
  });
});
