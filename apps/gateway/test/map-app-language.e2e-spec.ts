import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ALL_SCOPES, startTestStack, type TestStack } from '@lp/testing';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshot, waitForApi, type OpenedPage } from './map-app/browser.js';
import { boxesOf, overlaps, strayWords, type Language } from './map-app/page-language.js';

/** A search without a scenario (no asset named): its results have no score. */
const PLAIN_QUERY: Record<Language, string> = { pl: 'działka w Poznaniu, co najmniej 1 ha', en: 'plot in Poznań, at least 1 ha' };
/** A search naming an asset type: the interpretation names the scenario (bess_storage). */
const SCENARIO_QUERY = 'magazyn energii w Poznaniu, co najmniej 1 ha';
/** A search for a site of several neighbouring parcels: the answer lists sites. */
const SITE_QUERY: Record<Language, string> = { pl: 'co najmniej 2 ha w kilku działkach w Poznaniu', en: 'at least 2 ha across several plots in Poznań' };
const SEARCH_BOX: Record<Language, string> = { pl: 'Szukaj działek zdaniem', en: 'Search parcels with a sentence' };
const SEARCH_BUTTON: Record<Language, string> = { pl: 'Szukaj', en: 'Search' };
const LAYERS_BUTTON: Record<Language, RegExp> = { pl: /Warstwy/, en: /Layers/ };
const SCENARIO_TAB: Record<Language, string> = { pl: 'Scenariusz', en: 'Scenario' };
const SCENARIO_PICK: Record<Language, string> = { pl: 'Wybierz scenariusz', en: 'Pick a scenario' };
const RUN: Record<Language, string> = { pl: 'Uruchom', en: 'Run' };

/**
 * The map application in each of its languages, in a real browser (Debian chromium +
 * playwright-core) against a real stack with the demo data: every screen, on a desktop and on a
 * 390 px phone, shows no word of the other language (text, control titles and aria labels, the
 * map's attribution); a language switch re-words the search shown; scores say what they are; at
 * 390 px no map control lies over the layer panel.
 */
describe('map application in one language at a time', () => {
  let stack: TestStack;
  let browser: Browser;
  let key: string;
  let base: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    stack = await startTestStack({
      template: 'demo',
      services: ['layer-svc', 'parcel-svc', 'search-svc', 'geocode-svc', 'market-svc'],
      gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000' },
    });
    key = await stack.createKey(ALL_SCOPES);
    base = stack.gatewayUrls[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The words of the other language on the page, with a screenshot of it for people to look at. */
  async function strayOn(page: Page, language: Language, screen: string): Promise<string[]> {
    await screenshot(page, `${screen}-${language}`, screen.endsWith('phone'));
    return (await strayWords(page, language)).map((found) => `${screen}: ${found}`);
  }

  async function mapDrawn(opened: OpenedPage): Promise<void> {
    await opened.page.locator('.maplibregl-canvas').waitFor();
    await waitForApi(opened, /^\/v1\/basemap\/tiles\//);
    await opened.page.waitForTimeout(1000);
  }

  async function search(page: Page, language: Language, query: string): Promise<void> {
    await page.getByRole('searchbox', { name: SEARCH_BOX[language] }).fill(query);
    await page.getByRole('button', { name: SEARCH_BUTTON[language], exact: true }).click();
    await page.locator('.results, [role="alert"]').first().waitFor();
    expect(await page.locator('[role="alert"]').allTextContents()).toEqual([]);
  }

  /** Every screen of the application, on one screen size, in one language: the stray words found. */
  async function everyScreen(language: Language, size: 'desktop' | 'phone'): Promise<string[]> {
    const viewport = size === 'desktop' ? DESKTOP : PHONE;
    const locale = language === 'pl' ? 'pl-PL' : 'en-GB';
    const stray: string[] = [];

    const signIn = await openPage(browser, { viewport, locale });
    await signIn.page.goto(`${base}/`);
    await signIn.page.locator('input[name="api_key"]').waitFor();
    stray.push(...(await strayOn(signIn.page, language, `sign-in-${size}`)));
    await signIn.context.close();

    const opened = await openPage(browser, { key, viewport, locale });
    const { page } = opened;
    await page.goto(`${base}/`);
    await mapDrawn(opened);
    stray.push(...(await strayOn(page, language, `start-${size}`)));

    await page.getByRole('button', { name: LAYERS_BUTTON[language] }).click();
    await page.locator('#layer-panel').waitFor();
    stray.push(...(await strayOn(page, language, `layers-${size}`)));
    await page.getByRole('button', { name: LAYERS_BUTTON[language] }).click();

    await search(page, language, PLAIN_QUERY[language]);
    await page.waitForTimeout(1000);
    stray.push(...(await strayOn(page, language, `search-${size}`)));

    await page.locator('.result-list .result').first().click();
    await page.locator('#parcel-title').waitFor();
    await page.locator('.facts').first().waitFor();
    stray.push(...(await strayOn(page, language, `parcel-${size}`)));

    await page.goto(`${base}/`);
    await search(page, language, SITE_QUERY[language]);
    await page.locator('.sites .result').first().click();
    await page.locator('.site-parcels').waitFor();
    stray.push(...(await strayOn(page, language, `sites-${size}`)));

    await page.goto(`${base}/`);
    await page.getByRole('tab', { name: SCENARIO_TAB[language] }).click();
    await page.getByLabel(SCENARIO_PICK[language]).selectOption('bess_storage');
    await page.locator('input[name^="param-"]').first().waitFor();
    await page.locator('input[name="region"]').fill('3064011');
    stray.push(...(await strayOn(page, language, `scenario-${size}`)));
    await page.getByRole('button', { name: RUN[language] }).click();
    await page.locator('.results, [role="alert"]').first().waitFor();
    await page.waitForTimeout(1000);
    stray.push(...(await strayOn(page, language, `scenario-results-${size}`)));

    expect(opened.errors).toEqual([]);
    await opened.context.close();
    return stray;
  }

  for (const language of ['pl', 'en'] as const) {
    it(`shows every screen in ${language === 'pl' ? 'Polish' : 'English'} only, on a desktop and a phone`, async () => {
      const stray = [...(await everyScreen(language, 'desktop')), ...(await everyScreen(language, 'phone'))];
      expect(stray).toEqual([]);
    }, 300_000);
  }

  it('re-words the search shown after a language switch: criteria, scenario name and units in the new language', async () => {
    const opened = await openPage(browser, { key });
    const { page } = opened;
    await page.goto(`${base}/`);
    await search(page, 'pl', SCENARIO_QUERY);
    const interpretation = page.locator('section.interpretation');
    await expect(interpretation.textContent()).resolves.toMatch(/powierzchnia co najmniej 1 ha/);
    await expect(interpretation.textContent()).resolves.toContain('Magazyn energii');
    const firstId = await page.locator('.result-list .parcel-id').first().textContent();

    await page.getByLabel('Język').selectOption('en');
    await expect(interpretation.locator('h2').textContent()).resolves.toBe('How the query was understood');
    await interpretation.getByText(/area at least 1 ha/).waitFor();
    // The scenario by its name; the API's own assumption may cite the id for replaying the request.
    const scenario = (await interpretation.locator('dd').nth(1).textContent())!;
    expect(scenario).toBe('Battery energy storage (BESS)');
    // The same answer, only in other words.
    expect(await page.locator('.result-list .parcel-id').first().textContent()).toBe(firstId);
    await screenshot(page, 'switched-search-en');
    expect(await strayWords(page, 'en')).toEqual([]);

    await page.locator('.result-list .result').first().click();
    await page.locator('#parcel-title').waitFor();
    await page.locator('.facts').first().waitFor();
    // Units too: no "n.p.m." or "zł" in the English panel.
    expect(await strayWords(page, 'en')).toEqual([]);
    await page.getByLabel('Language').selectOption('pl');
    await page.getByRole('button', { name: /Wróć do wyników/ }).waitFor();
    expect(await strayWords(page, 'pl')).toEqual([]);
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });

  it('says why a search without a scenario has no scores, and what each score component is', async () => {
    const opened = await openPage(browser, { key, locale: 'en-GB' });
    const { page } = opened;
    await page.goto(`${base}/`);
    await search(page, 'en', PLAIN_QUERY.en);
    const results = page.locator('section.results');
    // No score: said once, with how to get one, instead of a bare dash in every row.
    await expect(results.locator('.score-note').textContent()).resolves.toMatch(/scenario/i);
    for (const score of await results.locator('.result .score').all()) expect(await score.getAttribute('title')).toMatch(/no score/i);

    await page.goto(`${base}/`);
    await page.getByRole('tab', { name: 'Scenario' }).click();
    await page.getByLabel('Pick a scenario').selectOption('bess_storage');
    await page.locator('input[name="region"]').fill('3064011');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.locator('.results').waitFor();
    const components = await page.locator('.result .component').allTextContents();
    expect(components.length).toBeGreaterThan(0);
    // A component is a signal's name and points, never a bare number that reads like kilometres.
    for (const component of components) expect(component).toMatch(/^[A-Za-z][^0-9]*: [\d.]+ pts?$/);
    await page.locator('ol.result-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'scores-en-desktop');
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });

  it("shows a local plan's adoption date on one line, as each language writes dates", async () => {
    const [zoned] = await stack.sql<{ id: string; adopted_on: string }>(
      `SELECT p.parcel_id AS id, z.adopted_on::text AS adopted_on FROM layer_pub.parcels p
       JOIN layer_pub.mpzp_zones z ON ST_Covers(z.geom, ST_PointOnSurface(p.geom))
       WHERE z.adopted_on IS NOT NULL ORDER BY p.parcel_id LIMIT 1`,
    );
    expect(zoned).toBeDefined();
    const [year, month, day] = zoned!.adopted_on.split('-').map(Number) as [number, number, number];
    const written: Record<Language, string> = {
      pl: `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`,
      en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day)),
    };
    for (const language of ['pl', 'en'] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const opened = await openPage(browser, { key, viewport, locale: language === 'pl' ? 'pl-PL' : 'en-GB' });
        await opened.page.goto(`${base}/p/${encodeURIComponent(zoned!.id)}`);
        const date = opened.page.locator('.facts .date').first();
        await date.waitFor();
        await expect(date.textContent()).resolves.toBe(`(${written[language]})`);
        // One line: no taller than the line of text it sits in.
        const height = (await date.boundingBox())!.height;
        const lineHeight = await date.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        expect(height).toBeLessThan(lineHeight * 1.5);
        await date.scrollIntoViewIfNeeded();
        expect(await strayOn(opened.page, language, `local-plan-${size}`)).toEqual([]);
        await opened.context.close();
      }
    }
  });

  it('keeps the map controls and the scale bar off the open layer panel on a 390 px phone, and the attribution to one line on a desktop', async () => {
    const phone = await openPage(browser, { key, viewport: PHONE });
    await phone.page.goto(`${base}/`);
    await mapDrawn(phone);
    // The layer switcher spans the map's top on a phone: beside its button the map still takes the click.
    const map = (await phone.page.locator('.maplibregl-canvas').boundingBox())!;
    await expect(phone.page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.className, [map.x + 30, map.y + 25])).resolves.toContain(
      'maplibregl-canvas',
    );
    await phone.page.getByRole('button', { name: /Warstwy/ }).click();
    const panel = (await phone.page.locator('#layer-panel').boundingBox())!;
    const controls = await boxesOf(phone.page.locator('.maplibregl-ctrl'));
    expect(controls.length).toBeGreaterThan(1);
    expect(controls.filter((control) => overlaps(control.box, panel)).map((control) => control.name)).toEqual([]);
    await screenshot(phone.page, 'layers-overlap-phone');
    await phone.context.close();

    const desktop = await openPage(browser, { key });
    await desktop.page.goto(`${base}/`);
    await mapDrawn(desktop);
    const attribution = (await desktop.page.locator('.maplibregl-ctrl-attrib').boundingBox())!;
    const scale = (await desktop.page.locator('.maplibregl-ctrl-scale').boundingBox())!;
    expect(attribution.height).toBeLessThan(40);
    expect(overlaps(attribution, scale)).toBe(false);
    await desktop.context.close();
  });
});
