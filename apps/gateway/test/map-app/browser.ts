import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';

/**
 * Debian's chromium driven by playwright-core (which ships no browser): tools/stack/lib.sh
 * stack_ensure_browser installs it and npm test passes its path in LP_TEST_CHROMIUM.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['LP_TEST_CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page: a working app has none. */
  errors: string[];
  /** Every answer of our API the page received: path, status, Retry-After and ms since the page was opened. */
  responses: Array<{ path: string; status: number; retryAfter: string | null; atMs: number }>;
}

/** A fresh browser profile; with `key`, the key is already stored as after an earlier sign-in. */
export async function openPage(browser: Browser, options: { key?: string; viewport?: { width: number; height: number }; locale?: string } = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, locale: options.locale ?? 'pl-PL' });
  if (options.key) await context.addInitScript((key: string) => window.localStorage.setItem('landparcel.apiKey', key), options.key);
  const page = await context.newPage();
  const opened = Date.now();
  const errors: string[] = [];
  const responses: OpenedPage['responses'] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/v1/')) responses.push({ path: url.pathname, status: response.status(), retryAfter: response.headers()['retry-after'] ?? null, atMs: Date.now() - opened });
  });
  return { context, page, errors, responses };
}

/** Waits until the page has received an answer of `status` on a path matching `pattern`. */
export async function waitForApi(opened: OpenedPage, pattern: RegExp, status = 200, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!opened.responses.some((response) => pattern.test(response.path) && response.status === status)) {
    if (Date.now() > deadline) throw new Error(`no ${status} answer for ${pattern} within ${timeoutMs} ms; seen: ${JSON.stringify(opened.responses.slice(-20))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The map's pixels as the user sees them, from a screenshot of the canvas decoded by the browser
 * itself: every seventh pixel, as 0xRRGGBB.
 */
async function mapPixels(page: Page): Promise<number[]> {
  const png = await page.locator('.maplibregl-canvas').screenshot();
  return page.evaluate(async (base64: string) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const pixels: number[] = [];
    for (let index = 0; index < data.length; index += 4 * 7) pixels.push((data[index]! << 16) | (data[index + 1]! << 8) | data[index + 2]!);
    return pixels;
  }, png.toString('base64'));
}

/** How many distinct colours the map shows: a blank or single-colour canvas has one or two, a drawn map hundreds. */
export async function mapColourCount(page: Page): Promise<number> {
  return new Set(await mapPixels(page)).size;
}

/** How many sampled pixels of the map are within `tolerance` of `[r, g, b]` per channel (an outline the app draws, say). */
export async function mapPixelsOfColour(page: Page, [r, g, b]: [number, number, number], tolerance = 24): Promise<number> {
  const near = (pixel: number) => Math.abs(((pixel >> 16) & 255) - r) <= tolerance && Math.abs(((pixel >> 8) & 255) - g) <= tolerance && Math.abs((pixel & 255) - b) <= tolerance;
  return (await mapPixels(page)).filter(near).length;
}

/** Saves a screenshot when MAP_APP_SCREENSHOTS names a folder (for people to look at; nothing asserts on it). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env['MAP_APP_SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
