// Which cover works, in the browser (docs/decisions/034-ad-statistics.md, amended 2026-11-28): an ad whose cover was
// changed twice (the first cover since deleted, the second still among its photos, the third its cover now, and the
// ad back in review after the change) has counts under each; its advertiser opens Estadísticas from Mis anuncios and
// sees "Portadas": each cover's picture or "Foto eliminada", its days, appearances, visits and click-through rate,
// with the best one said in words, on a desktop and a phone; staff see the same in the panel. An ad with one cover
// gets a hint instead.
import type { Knex } from 'knex';
import { test, expect, expectNoSeriousA11yViolations, insertVerifiedAdvertiser, serverDataDir, signInAsAdvertiser } from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD } from './admin-helpers.ts';
import { storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { createRandom, demoPicture } from '#tooling/factories/index.ts';
import { insertedId } from '#db/dialect.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';

const daysAgo = (n: number) => shiftDate(buenosAiresDate(new Date()), 0, -n);
const label = (n: number) => daysAgo(n).slice(8, 10) + '/' + daysAgo(n).slice(5, 7);

async function insertAdInReview(db: Knex, advertiserId: number, title: string): Promise<number> {
  const now = new Date();
  const [row] = await db('ads')
    .insert({
      advertiser_id: advertiserId,
      slug: 'masajes-en-caballito',
      title,
      description: 'Masajes descontracturantes con turno previo, en un espacio tranquilo de Caballito.',
      category: 'masajes',
      zona: 'caba',
      barrio: 'caballito',
      phone: '+5491155550188',
      state: 'pending',
      plan: 'gratuito',
      requested_plan: 'gratuito',
      search_text: `${title.toLowerCase()} caballito masajes`,
      submitted_at: now,
      expires_at: new Date(now.getTime() + 20 * 86_400_000),
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  return insertedId(row);
}

async function insertPhoto(db: Knex, adId: number, position: number, seed: number): Promise<number> {
  const stored = await storeAdImage(diskStore(serverDataDir()), await demoPicture(createRandom(seed), { width: 400, height: 500 }));
  const [row] = await db('ad_images')
    .insert({ ad_id: adId, position, file_key: stored.key, width: stored.width, height: stored.height, alt: 'Foto del aviso' })
    .returning('id');
  return insertedId(row);
}

/** Counts under a cover on some days, and the same in the ad's daily rows. */
async function counted(db: Knex, adId: number, photoId: number, days: [ago: number, impressions: number, views: number][]) {
  for (const [ago, impressions, views] of days) {
    await db('ad_cover_daily_stats').insert({ ad_id: adId, day: daysAgo(ago), photo_id: photoId, impressions, views });
    await db('ad_daily_stats').insert({ ad_id: adId, day: daysAgo(ago), impressions, views, phone_reveals: 1, whatsapp_opens: 0 });
  }
}

test("an advertiser compares the ad's covers in Estadísticas, on a desktop and a phone", async ({ page, db }) => {
  test.setTimeout(240_000); // four pictures encoded, three views checked with axe
  const stamp = Date.now();
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Paula Portadas' });
  const title = `Masajes de Paula ${stamp.toString(36)}`;
  const adId = await insertAdInReview(db, advertiser.id, title);
  const now = await insertPhoto(db, adId, 0, stamp % 100_000);
  const before = await insertPhoto(db, adId, 1, (stamp % 100_000) + 1);
  // The first cover, deleted since: its id stays in the counts, its row and file are gone.
  const gone = await insertPhoto(db, adId, 2, (stamp % 100_000) + 2);
  await db('ad_images').where('id', gone).delete();
  await counted(db, adId, gone, [
    [9, 300, 15],
    [8, 100, 5],
  ]);
  await counted(db, adId, before, [
    [6, 800, 40],
    [5, 700, 35],
    [4, 500, 25],
  ]);
  await counted(db, adId, now, [
    [2, 700, 110],
    [1, 500, 70],
  ]);
  const single = await insertAdInReview(db, advertiser.id, `${title} (una portada)`);
  await counted(db, single, await insertPhoto(db, single, 0, (stamp % 100_000) + 3), [[1, 40, 4]]);

  await signInAsAdvertiser(page, advertiser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .locator('.account-ads li')
    .filter({ has: page.getByRole('link', { name: `Editar «${title}»` }) })
    .getByRole('link', { name: /^Estadísticas/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/mi-cuenta/anuncios/${adId}/estadisticas$`));
  await expect(page.locator('.stats__step').filter({ hasText: 'Apariciones en búsquedas' }).locator('strong')).toHaveText('3.600');

  const covers = page.getByRole('region', { name: 'Portadas' });
  await expect(covers.getByRole('heading', { level: 2, name: 'Portadas' })).toBeVisible();
  await expect(covers).toContainText('Portada 3 tuvo la mejor tasa de clics: 15 % de sus apariciones terminaron en una visita.');
  const table = covers.getByRole('table', { name: 'Cada portada en los últimos 30 días' });
  await expect(table.getByRole('columnheader')).toHaveText(['Portada', 'Días como portada', 'Apariciones', 'Visitas', 'Tasa de clics']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Foto eliminadaPortada 1');
  await expect(rows.nth(1).getByRole('cell')).toHaveText([`2 días (${label(9)} al ${label(8)})`, '400', '20', '5 %']);
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Portada 2');
  await expect(rows.nth(2).getByRole('cell')).toHaveText([`3 días (${label(6)} al ${label(4)})`, '2.000', '100', '5 %']);
  await expect(rows.nth(3).getByRole('rowheader')).toHaveText('Portada 3 (actual)Mejor tasa de clics');
  await expect(rows.nth(3).getByRole('cell')).toHaveText([`2 días (${label(2)} al ${label(1)})`, '1.200', '180', '15 %']);
  // The pictures of the covers still there are shown (owner only: the ad is in review).
  const pictures = table.locator('img');
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all())
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('portadas-escritorio.png'), fullPage: true });

  // On a phone each cover is a card, with nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows.nth(3).getByRole('cell').last()).toHaveText('15 %');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('portadas-telefono.png'), fullPage: true });

  // One cover: a hint, no table.
  await page.goto(`/mi-cuenta/anuncios/${single}/estadisticas`);
  await expect(page.getByText('Tu aviso tuvo una sola portada en estos 30 días. Cambiá la portada')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Portadas' })).toHaveCount(0);

  // Staff see the same comparison from Anuncios (the ad waits for review).
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Anuncios');
  await page.getByLabel('Estado').selectOption('pending');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('button', { name: /^Estadísticas/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Estadísticas de «${title}»` });
  const panelRows = dialog.getByRole('table', { name: 'Cada portada en los últimos 30 días' }).getByRole('row');
  await expect(panelRows.nth(3).getByRole('rowheader')).toHaveText('Portada 3 (actual)Mejor tasa de clics');
  await expect(panelRows.nth(3).getByRole('cell')).toHaveText([`2 días (${label(2)} al ${label(1)})`, '1.200', '180', '15 %']);
  await expect(dialog.locator('.stats__cover img')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('portadas-panel.png') });
});
