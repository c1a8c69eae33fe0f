// A landing page follows the catalogue through the render cache: an ad published there raises its count and shows
// in its results, one hidden by a report leaves; the count always equals the search's for the same filters, and the
// sitemap follows too. Changes which ads are public, so it runs with the advertiser tools (playwright.config.ts).
import type { APIRequestContext } from '@playwright/test';
import type { Knex } from 'knex';
import { test, expect, expectedSearch, insertVerifiedAdvertiser } from './fixtures.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { createReport } from '#db/queries/reports.ts';

test.describe.configure({ mode: 'serial' });

const LANDING = '/taxi-boys/villa-riachuelo';
const QUERY = 'categoria=taxi-boys&zona=villa-riachuelo';
const TITLE = `Compañía para eventos en Villa Riachuelo ${Date.now().toString(36)}`;

/** The landing page's count line and whether it lists the ad, once both match the search (the cache catches up within a second). */
async function expectLandingAsSearch(request: APIRequestContext, db: Knex, listed: boolean) {
  await expect(async () => {
    const { total } = await expectedSearch(db, QUERY);
    const html = await (await request.get(LANDING)).text();
    const count = /id="results-count"[^>]*>([^<]*)/.exec(html)?.[1]?.trim();
    expect(count).toBe(total === 1 ? '1 resultado' : `${total} resultados`);
    // The introduction agrees in number: "Hay 1 aviso … publicado", "Hay 2 avisos … publicados".
    expect(html).toContain(
      total === 1 ? 'Hay 1 aviso de taxi boys publicado en Villa Riachuelo' : 'avisos de taxi boys publicados en Villa Riachuelo',
    );
    expect(html.includes(TITLE)).toBe(listed);
  }).toPass({ timeout: 5_000 });
}

test('a landing page counts an ad published there, and not once a report hides it', async ({ request, db }) => {
  const before = (await expectedSearch(db, QUERY)).total;
  await expectLandingAsSearch(request, db, false);
  // The page is now served from the render cache (asked again until a hit: the other specs of this project change the
  // catalogue meanwhile, and each change makes the next request a miss).
  await expect(async () => expect((await request.get(LANDING)).headers()['x-render-cache']).toBe('hit')).toPass({ timeout: 10_000 });

  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Tomás Riachuelo' });
  const id = await insertAd(db, advertiser.id, { title: TITLE, category: 'taxi-boys', barrio: 'villa-riachuelo' });
  expect((await expectedSearch(db, QUERY)).total).toBe(before + 1);
  await expectLandingAsSearch(request, db, true);
  await expect(async () => expect(await (await request.get('/sitemaps/anuncios-1.xml')).text()).toContain(`-${id}</loc>`)).toPass({
    timeout: 5_000,
  });

  await createReport(db, {
    adId: id,
    adReference: String(id),
    reason: 'posible_menor',
    details: null,
    contactEmail: null,
    reporterKey: null,
  });
  expect((await expectedSearch(db, QUERY)).total).toBe(before);
  await expectLandingAsSearch(request, db, false);
  expect(await (await request.get('/sitemaps/anuncios-1.xml')).text()).not.toContain(`-${id}</loc>`);
});
