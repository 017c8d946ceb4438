import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ALL_SCOPES, eventually, refreshLayer, startTestStack, testEnvironment, writeLayerSource, type TestStack } from '@lp/testing';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './map-app/browser.js';
import { strayWords, type Language } from './map-app/page-language.js';

const POZNAN = '3064011';
const NEAR_M = 150;
/** A sentence the interpreter reads as parcels in Poznań within NEAR_M of a 110 kV substation. */
const QUERY = `działka w Poznaniu do ${NEAR_M} m od stacji 110 kV`;
const NEW_SUBSTATION = 'test-map-watch-substation';
/** A search in each language (its interpretation is worded in the page's language). */
const PLAIN_QUERY: Record<Language, string> = { pl: 'działka w Poznaniu, co najmniej 1 ha', en: 'plot in Poznań, at least 1 ha' };

/** A real HTTP receiver on loopback (allowed to watches-svc by WEBHOOK_ALLOWED_HOSTS, as a test's must be). */
class Receiver {
  readonly received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  private server?: Server;
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Watches in the map application, in a real browser (Debian chromium + playwright-core) against a
 * real stack with the demo data: a search and a parcel watched from their panels (one with a
 * webhook to a real receiver), a key without watches:write told so, a refresh that adds a
 * substation, and the change in the watch's list of changes (checked against PostGIS) with its
 * parcel opening on the map, in Polish and in English; a watch deleted.
 */
describe('map application: watches', () => {
  let stack: TestStack;
  let browser: Browser;
  let key: string;
  let base: string;
  const receiver = new Receiver();
  let hook: string;

  beforeAll(async () => {
    hook = `${await receiver.start()}/hook`;
    browser = await launchBrowser();
    stack = await startTestStack({
      template: 'demo',
      services: ['layer-svc', 'parcel-svc', 'search-svc', 'geocode-svc', 'market-svc', 'watches-svc'],
      gatewayEnv: { RATE_LIMIT_SEARCH_PER_MINUTE: '1000' },
      serviceEnv: {
        'watches-svc': { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_POLL_MS: '200', EVENT_RETRY_SECONDS: '1' },
        'search-svc': { EVENT_RETRY_SECONDS: '1' },
      },
    });
    key = await stack.createKey(ALL_SCOPES);
    base = stack.gatewayUrls[0]!;
    // search-svc builds its index at start: searches answer 503 until then.
    await eventually(
      async () => expect((await stack.api().post('/v1/search/parcels', { key: stack.apiKey, body: { region: POZNAN, limit: 1 } })).status).toBe(200),
      120_000,
    );
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await receiver.stop();
  });

  async function runSentence(page: Page): Promise<void> {
    await page.getByRole('searchbox', { name: 'Szukaj działek zdaniem' }).fill(QUERY);
    await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
    await page.locator('.results, [role="alert"]').first().waitFor();
    expect(await page.locator('[role="alert"]').allTextContents()).toEqual([]);
  }

  async function stray(page: Page, language: Language, screen: string): Promise<string[]> {
    await screenshot(page, `watches-${screen}-${language}`);
    return (await strayWords(page, language)).map((found) => `${screen}: ${found}`);
  }

  /** The parcels of Poznań that the new substation brings within NEAR_M and no other substation does (plain PostGIS). */
  async function newlyNear(): Promise<string[]> {
    const rows = await stack.sql<{ id: string }>(
      `SELECT p.id FROM layer_pub.parcels p JOIN layer_pub.power_substations s ON s.id = $2 AND ST_DWithin(s.geom, p.geom, $1)
       WHERE p.teryt = $3 AND NOT EXISTS (SELECT 1 FROM layer_pub.power_substations o WHERE o.id <> $2 AND ST_DWithin(o.geom, p.geom, $1)) ORDER BY p.id`,
      [NEAR_M, NEW_SUBSTATION, POZNAN],
    );
    return rows.map((row) => row.id);
  }

  async function addSubstation(): Promise<void> {
    // The Poznań parcel farthest from any substation: a substation there changes who is near one.
    const [far] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(g) AS lng, ST_Y(g) AS lat FROM (
         SELECT ST_Transform(ST_PointOnSurface(p.geom), 4326) AS g, (SELECT min(ST_Distance(s.geom, p.geom)) FROM layer_pub.power_substations s) AS d
         FROM layer_pub.parcels p WHERE p.teryt = $1 ORDER BY d DESC, p.id LIMIT 1) f`,
      [POZNAN],
    );
    const sources = testEnvironment().demoSourcesDir!;
    const existing = readFileSync(join(sources, 'power_substations.geojsonl'), 'utf8').trimEnd();
    const added = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [far!.lng, far!.lat] },
      properties: { id: NEW_SUBSTATION, kind: 'hv_substation', name: 'Test 110 kV', teryt: null, voltage_kv: 110, voltages: '110' },
    };
    await refreshLayer(stack.db.url, 'power_substations', writeLayerSource('power_substations', `${existing}\n${JSON.stringify(added)}\n`, null), {
      natsUrl: stack.nats.url,
    });
  }

  /** Opens the watches tab and the changes of the watch named `name`, until it shows at least one. */
  async function openChanges(page: Page, language: Language, name: string): Promise<void> {
    const words = language === 'pl' ? { tab: 'Obserwowane', changes: 'Zmiany' } : { tab: 'Watches', changes: 'Changes' };
    await eventually(async () => {
      await page.goto(`${base}/?mode=watches`);
      await page.getByRole('tab', { name: words.tab }).waitFor();
      const watch = page.locator('li.watch', { hasText: name });
      await watch.getByRole('button', { name: words.changes }).click();
      await watch.locator('.watch-event').first().waitFor({ timeout: 5_000 });
    }, 120_000);
  }

  it('watches a search and a parcel from their panels, shows a refresh’s changes with parcels that open on the map, in Polish and English', async () => {
    const opened: OpenedPage = await openPage(browser, { key, locale: 'pl-PL' });
    const { page } = opened;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${base}/`);
    await runSentence(page);
    // Fewer than the search limit match in Poznań now, so every parcel that enters is reported (docs/watches.md).
    expect(Number((await page.locator('#results-title .muted').textContent())!.match(/z (\d+)/)![1])).toBeLessThan(200);

    await page.getByRole('button', { name: 'Obserwuj to wyszukiwanie' }).click();
    const form = page.getByRole('form', { name: 'Obserwuj to wyszukiwanie' });
    await form.getByLabel('Nazwa (opcjonalnie)').fill('Poznań przy stacji');
    await form.getByLabel('Adres webhooka (opcjonalnie, https)').fill(hook);
    const shownForm = await stray(page, 'pl', 'watch-form');
    await form.getByRole('button', { name: 'Zapisz obserwację' }).click();
    await page.getByText('Obserwacja zapisana.').waitFor();
    const secret = (await page.locator('.watch-this code').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const shownCreated = await stray(page, 'pl', 'watch-created');

    // A parcel of the results, watched from its panel (no webhook).
    const parcelId = (await page.locator('.result-list .parcel-id').first().textContent())!.trim();
    await page.locator('.result-list .result').first().click();
    // the parcel's facts come from parcel-svc and market-svc: slow on a loaded machine
    await page.locator('#parcel-title, .parcel [role="alert"]').first().waitFor({ timeout: 90_000 });
    expect(await page.locator('.parcel [role="alert"]').allTextContents()).toEqual([]);
    await page.getByRole('button', { name: 'Obserwuj tę działkę' }).click();
    await page.getByRole('form', { name: 'Obserwuj tę działkę' }).getByRole('button', { name: 'Zapisz obserwację' }).click();
    await page.getByText('Obserwacja zapisana.').waitFor();

    const watches = (
      await stack
        .api()
        .get<{ watches: Array<{ id: string; name: string | null; kind: string; parcel_ids: string[] | null; webhook_url: string | null }> }>('/v1/watches', {
          key,
        })
    ).json().watches;
    expect(watches.map((watch) => [watch.name, watch.kind, watch.webhook_url])).toEqual([
      ['Poznań przy stacji', 'query', hook],
      [parcelId, 'parcel_ids', null],
    ]);

    await addSubstation();
    const expected = await newlyNear();
    expect(expected.length).toBeGreaterThan(0);

    await openChanges(page, 'pl', 'Poznań przy stacji');
    const watch = page.locator('li.watch', { hasText: 'Poznań przy stacji' });
    await eventually(async () => {
      await page.goto(`${base}/?mode=watches`);
      await watch.getByRole('button', { name: 'Zmiany' }).click();
      await watch.locator('.watch-event').first().waitFor();
      expect((await watch.locator('.watch-event .parcel-id').allTextContents()).map((id) => id.trim()).sort()).toEqual(expected);
    }, 60_000);
    // Each change says what happened and why, in Polish.
    await expect(watch.locator('.watch-event').first().textContent()).resolves.toMatch(/weszła do wyników.*kryterium: blisko: /);
    const shownEvents = await stray(page, 'pl', 'watch-events');
    // The same events reached the receiver, one id each.
    const ids = await watch.locator('.watch-event').evaluateAll((items) => items.map((item) => item.getAttribute('data-event-id')));
    await eventually(async () => expect([...new Set(receiver.received.map((r) => String(r.headers['webhook-id'])))].sort()).toEqual([...ids].sort()), 30_000);

    // A parcel of a change opens on the map, in the parcel panel.
    await watch.locator('.watch-event .parcel-id').first().click();
    await page.locator('#parcel-title').waitFor({ timeout: 90_000 });
    await expect(page.locator('#parcel-title').textContent()).resolves.toContain(expected[0]);
    expect(page.url()).toContain(`/p/${encodeURIComponent(expected[0]!)}`);

    // The same list in English.
    await page.getByLabel('Język').selectOption('en');
    await openChanges(page, 'en', 'Poznań przy stacji');
    await expect(page.locator('li.watch', { hasText: 'Poznań przy stacji' }).locator('.watch-event').first().textContent()).resolves.toMatch(
      /entered the results.*criterion: near: /,
    );
    const shownEnglish = await stray(page, 'en', 'watch-events');

    // Deleting the parcel watch removes it from the list and from the API.
    await page.locator('li.watch', { hasText: parcelId }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('li.watch', { hasText: parcelId }).waitFor({ state: 'detached' });
    const left = (await stack.api().get<{ watches: Array<{ name: string | null }> }>('/v1/watches', { key })).json().watches;
    expect(left.map((w) => w.name)).toEqual(['Poznań przy stacji']);

    expect([...shownForm, ...shownCreated, ...shownEvents, ...shownEnglish]).toEqual([]);
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  }, 420_000);

  it('tells a key without watches:write which scope it lacks, in the reader’s language', async () => {
    const readOnly = await stack.createKey(ALL_SCOPES.filter((scope) => scope !== 'watches:write'));
    for (const [language, locale] of [
      ['pl', 'pl-PL'],
      ['en', 'en-GB'],
    ] as const) {
      const opened = await openPage(browser, { key: readOnly, locale });
      const { page } = opened;
      await page.goto(`${base}/`);
      await page.locator('#q').fill(PLAIN_QUERY[language]);
      await page.locator('form.search-box button[type="submit"]').click();
      await page.locator('.results').waitFor();
      const label = language === 'pl' ? 'Obserwuj to wyszukiwanie' : 'Watch this search';
      await page.getByRole('button', { name: label }).click();
      await page.getByRole('form', { name: label }).locator('button[type="submit"]').click();
      const alert = page.getByRole('form', { name: label }).getByRole('alert');
      await expect(alert.textContent()).resolves.toMatch(
        language === 'pl' ? /nie może zapisywać obserwacji \(brak zakresu watches:write\)/ : /may not save watches \(it lacks the watches:write scope\)/,
      );
      expect(await stray(page, language, 'watch-no-scope')).toEqual([]);
      await opened.context.close();
    }
  }, 180_000);
});
