// Screenshots of a running server, to look at pages as a visitor would:
//   node scripts/dev/screenshot.ts "home|/" "search|/buscar?categoria=masajes"     -> /tmp/shots/home.png, ...
// BASE (default http://localhost:3000), MOBILE=1 (a Pixel 7), FULL=1 (whole page), ADULT=1 (skip the age gate).
// Console errors and page errors are printed.
import fs from 'node:fs';
import { chromium, devices } from '@playwright/test';

const base = process.env.BASE ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext(process.env.MOBILE === '1' ? devices['Pixel 7'] : { viewport: { width: 1280, height: 900 } });
if (process.env.ADULT === '1') await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
const page = await context.newPage();
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log(`console ${m.type()}: ${m.text()}`);
});
page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
fs.mkdirSync('/tmp/shots', { recursive: true });
for (const [name, url] of process.argv.slice(2).map((a) => a.split('|') as [string, string])) {
  await page.goto(base + url);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL === '1' });
  console.log(`/tmp/shots/${name}.png`);
}
await browser.close();
