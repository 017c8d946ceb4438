import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((k) => localStorage.setItem('landparcel.apiKey', k), process.env.KEY);
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto('http://127.0.0.1:8292/p/306401_1.0011.4246');
  await page.locator('#parcel-title').waitFor();
  const t1 = Date.now() - t0;
  const timings = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/v1/') || e.name.includes('/assets/')).map((e) => e.name.replace(/^.*\/\/[^/]+/, '').slice(0, 50) + ' start=' + Math.round(e.startTime) + ' end=' + Math.round(e.responseEnd)));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return `dcl=${Math.round(n.domContentLoadedEventEnd)}`; });
  console.log(`run ${run}: parcel title after ${t1} ms; ${nav}`);
  for (const line of timings) console.log('  ', line);
  await context.close();
}
await browser.close();
