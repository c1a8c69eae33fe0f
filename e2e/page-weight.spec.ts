// The JavaScript a visitor past the age gate loads on each public page, gzip-compressed as the server sends it: at
// most 70 KB (React DOM alone is 65 KB, so React comes only with the form islands that need it; decision 027). Pages
// whose forms are React islands (sign-in, publish, contact, report) are not in this list. Reads the demo data only.
import zlib from 'node:zlib';
import type { Response } from '@playwright/test';
import { test, expect, asReturningVisitor, waitForHydration } from './fixtures.ts';
import { publicAds } from '#db/queries/search-ads.ts';
import { adPath } from '#shared/ad-text.ts';

const BUDGET_BYTES = 70 * 1024;

test('every public page loads at most 70 KB of gzip JavaScript past the age gate', async ({ page, db }) => {
  const ad = await publicAds(db).select('ads.id', 'ads.slug').orderBy('ads.id').first<{ id: number; slug: string }>();
  const pages = [
    '/',
    '/buscar',
    '/buscar?q=palermo&pagina=2',
    adPath(ad),
    '/masajes/palermo',
    '/aumentar-visibilidad',
    '/favoritos',
    '/transparencia',
    '/terminos-condiciones',
    '/no-existe',
  ];
  await asReturningVisitor(page);
  const weights: Record<string, number> = {};
  for (const path of pages) {
    const bodies = new Map<string, Promise<Buffer>>();
    const record = (response: Response) => {
      if (response.request().resourceType() === 'script' && !bodies.has(response.url())) bodies.set(response.url(), response.body());
    };
    page.on('response', record);
    await page.goto(path, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    page.off('response', record);
    let total = 0;
    for (const body of bodies.values()) total += zlib.gzipSync(await body, { level: 9 }).length;
    weights[path] = total;
  }
  // Something was measured (a page without scripts would hide a broken recorder).
  expect(weights['/buscar']).toBeGreaterThan(5 * 1024);
  for (const [path, bytes] of Object.entries(weights))
    expect(bytes, `${path}: ${bytes} B of gzip JavaScript`).toBeLessThanOrEqual(BUDGET_BYTES);
});
