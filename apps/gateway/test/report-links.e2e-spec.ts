import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReportLinkView } from '@lp/contracts';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';

const LINK_TTL_SECONDS = 3;
/** Live links one key may hold here (REPORT_LINKS_PER_KEY; 500 by default). */
const LINKS_PER_KEY = 2;

/** Shareable report links: stored PDF, opened without a key, gone after expiry (tiny TTL here). */
describe('shareable report links over HTTP', () => {
  let stack: TestStack;
  let reportsKey: string;
  let readOnlyKey: string;
  let reportsOnlyKey: string;
  const parcelId = '306401_1.0012.105/12';
  const linkPath = `/v1/parcels/${encodeURIComponent(parcelId)}/report/link`;
  const pathOf = (url: string): string => new URL(url).pathname;

  beforeAll(async () => {
    stack = await startTestStack({
      services: ['parcel-svc', 'market-svc'],
      gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000' },
      serviceEnv: { 'parcel-svc': { REPORT_LINK_TTL_SECONDS: String(LINK_TTL_SECONDS), REPORT_LINK_SWEEP_SECONDS: '1', REPORT_LINKS_PER_KEY: String(LINKS_PER_KEY) } },
    });
    reportsKey = await stack.createKey(['parcels:read', 'reports:create']);
    readOnlyKey = await stack.createKey(['parcels:read']);
    reportsOnlyKey = await stack.createKey(['reports:create']);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('gives a link that opens the PDF without an API key, then answers 404 once it has expired', async () => {
    const created = await stack.api().post<ReportLinkView>(linkPath, { key: reportsKey, body: { language: 'pl' } });
    expect(created.status).toBe(201);
    const { url, expires_at: expiresAt } = created.json();
    expect(pathOf(url)).toMatch(/^\/v1\/reports\/[A-Za-z0-9_-]{43}\.pdf$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(LINK_TTL_SECONDS * 1000 + 1000);

    const opened = await stack.api().get(pathOf(url));
    expect(opened.status).toBe(200);
    expect(opened.header('content-type')).toBe('application/pdf');
    expect(opened.bytes().subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(opened.bytes().toString('latin1')).toContain(parcelId);

    await eventually(async () => {
      const expired = await stack.api().get<ErrorEnvelope>(pathOf(url));
      expect(expired.status).toBe(404);
      expect(expired.json().error.code).toBe('not_found');
    }, (LINK_TTL_SECONDS + 5) * 1000);
  }, 60_000);

  it('stores only a hash of the token and sweeps expired rows away', async () => {
    const { url } = (await stack.api().post<ReportLinkView>(linkPath, { key: reportsKey })).json();
    const token = pathOf(url).slice('/v1/reports/'.length, -'.pdf'.length);
    const stored = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM parcel.report_links WHERE token_hash = sha256(convert_to($1, 'UTF8'))`, [token]);
    expect(stored[0]?.n).toBe('1');
    await eventually(async () => {
      const rows = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM parcel.report_links`);
      expect(rows[0]?.n).toBe('0');
    }, (LINK_TTL_SECONDS + 5) * 1000);
  }, 30_000);

  it('answers 404 in the error envelope for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token']) {
      const res = await stack.api().get<ErrorEnvelope>(`/v1/reports/${token}.pdf`);
      expect(res.status).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('needs the reports:create scope and a well-formed body', async () => {
    const forbidden = await stack.api().post<ErrorEnvelope>(linkPath, { key: readOnlyKey, body: {} });
    expect(forbidden.status).toBe(403);
    const unknownField = await stack.api().post<ErrorEnvelope>(linkPath, { key: reportsKey, body: { format: 'docx' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json().error.message).toMatch(/format is not an accepted field/);
    const language = await stack.api().post<ErrorEnvelope>(linkPath, { key: reportsKey, body: { language: 'fr' } });
    expect(language.status).toBe(400);
    expect(language.json().error.message).toMatch(/language must be one of en, pl/);
  });

  it('lets a key with reports:create alone share the report as a PDF link, as the spec gives parcel_report that scope, but not read the report route', async () => {
    const created = await stack.api().post<ReportLinkView>(linkPath, { key: reportsOnlyKey, body: {} });
    expect(created.status).toBe(201);
    const opened = await stack.api().get(pathOf(created.json().url));
    expect(opened.status).toBe(200);
    expect(opened.bytes().toString('latin1')).toContain(parcelId);
    const report = await stack.api().get<ErrorEnvelope>(`/v1/parcels/${encodeURIComponent(parcelId)}/report`, { key: reportsOnlyKey });
    expect(report.status).toBe(403);
    expect(report.json().error.code).toBe('insufficient_scope');
  }, 60_000);

  it("caps the live links one key holds: past the cap 429 with Retry-After until the first expires; another key's links are not counted", async () => {
    const capped = await stack.createKey(['parcels:read', 'reports:create']);
    for (let k = 0; k < LINKS_PER_KEY; k++) expect((await stack.api().post(linkPath, { key: capped, body: {} })).status).toBe(201);
    const refused = await stack.api().post<ErrorEnvelope>(linkPath, { key: capped, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toContain(`${LINKS_PER_KEY} live report links (at most ${LINKS_PER_KEY})`);
    expect(refused.json().error.message).toContain('Accept: application/pdf');
    const wait = Number(refused.header('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(LINK_TTL_SECONDS);
    // another key is not held back by this one's links
    expect((await stack.api().post(linkPath, { key: reportsKey, body: {} })).status).toBe(201);
    // once the first links have expired the key may store links again
    await eventually(async () => expect((await stack.api().post(linkPath, { key: capped, body: {} })).status).toBe(201), (LINK_TTL_SECONDS + 5) * 1000);
  }, 60_000);
});
