import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8292';
const key = process.env.KEY;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport, locale: 'pl-PL' });
  await context.addInitScript((k) => localStorage.setItem('landparcel.apiKey', k), key);
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(base + '/');
  await page.fill('input[type=search]', 'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV, bez Natury 2000');
  await page.press('input[type=search]', 'Enter');
  await page.waitForSelector('.result-list li, .warnings, [role=alert]', { timeout: 30000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/work/wt/web-shots/dev-search-${name}.png`, fullPage: name === 'phone' });
  const first = page.locator('.result').first();
  if (await first.count()) {
    await first.click();
    await page.waitForSelector('#parcel-title', { timeout: 20000 });
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/work/wt/web-shots/dev-parcel-${name}.png`, fullPage: name === 'phone' });
  }
  console.log(name, page.url());
  await context.close();
}
await browser.close();
