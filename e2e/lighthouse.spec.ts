// Lighthouse's SEO and accessibility categories on the home page, a landing page and an ad page: 100 each, as a
// search engine and a screen reader see the page on a first visit (the age gate open). One run per page, mobile
// settings, in the system Chromium started by chrome-launcher.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { test, expect } from './fixtures.ts';

const CATEGORIES = ['seo', 'accessibility'];

test.describe.configure({ mode: 'serial' });

let chrome: chromeLauncher.LaunchedChrome;
test.beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
test.afterAll(async () => {
  await chrome?.kill();
});

async function expectFullScores(url: string): Promise<void> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  expect(result, `Lighthouse returned nothing for ${url}`).toBeTruthy();
  const { categories, audits } = result!.lhr;
  const failing = Object.values(audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => `${a.id}: ${a.title}${a.explanation ? ` (${a.explanation})` : ''}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  expect(scores, `${url}: failing audits:\n${failing.join('\n')}`).toEqual({ seo: 100, accessibility: 100 });
}

test('the home page, a landing page and an ad page score 100 for SEO and accessibility', async ({ baseURL, request }) => {
  test.setTimeout(120_000);
  const landing = await (await request.get('/acompanantes/zona-central')).text();
  const adPath = /href="(\/anuncio\/[a-z0-9-]+)"/.exec(landing)?.[1];
  expect(adPath, 'the landing page lists an ad').toBeTruthy();
  for (const path of ['/', '/acompanantes/zona-central', adPath!]) await expectFullScores(`${baseURL}${path}`);
});
