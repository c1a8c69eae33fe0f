// An ad's own page, reached from the results: its content, and the phone kept out of the HTML until asked for; the
// address of an ad no longer published (404 or 410, ads like it) and of one that never was.
import { adPath } from '#shared/ad-text.ts';
import { formatPhoneLocal } from '#shared/phone.ts';
import type { Knex } from 'knex';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  expectedSearch,
  openSearch,
  resultCards,
  waitForHydration,
} from './fixtures.ts';
import { insertEndedAd } from './ended-ads.ts';

/** The first ad of the default results that publishes a phone, with its phone, description and category. */
async function firstResultWithPhone(db: Knex) {
  const { ads } = await expectedSearch(db, '');
  const rows = (await db('ads')
    .whereIn(
      'id',
      ads.map((ad) => ad.id),
    )
    .whereNotNull('phone')
    .select('id', 'phone', 'description', 'category')) as { id: number; phone: string; description: string; category: string }[];
  const ad = ads.find((a) => rows.some((row) => row.id === a.id))!;
  expect(ad).toBeDefined();
  return { ad, ...rows.find((row) => row.id === ad.id)! };
}

test('opening an ad from the results shows it; the phone appears only on request', async ({ page, db }) => {
  const { ad, phone, description } = await firstResultWithPhone(db);

  await openSearch(page);
  await resultCards(page)
    .getByRole('link', { name: ad.title, exact: true })
    .and(page.locator(`[href="${adPath(ad)}"]`))
    .click();
  await expect(page).toHaveURL(adPath(ad));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ad.title);

  const badges = page.locator('.ad__info').getByRole('list', { name: 'Distintivos' });
  await expect(badges.getByRole('listitem').filter({ hasText: 'Identidad verificada' })).toBeVisible();
  if (ad.plan === 'vip') await expect(badges).toContainText('VIP');
  if (ad.plan === 'premium') await expect(badges).toContainText('Premium');
  if (ad.photosVerified) await expect(badges).toContainText('Fotos reales');

  const details = page.locator('.ad__details');
  for (const term of ['Categoría', 'Barrio', 'Disponibilidad', 'Idiomas', 'Servicio', 'Atención']) {
    await expect(details.getByRole('term').filter({ hasText: term })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Descripción' })).toBeVisible();
  await expect(page.locator('.ad__description')).toHaveText(description);
  await expect(page.getByText(`Código del aviso: ${ad.id}`)).toBeVisible();

  // Neither the page's HTML nor the rendered page carries the number before the click.
  const digits = phone.replace(/\D/g, '');
  const html = await (await page.request.get(page.url())).text();
  expect(html).not.toContain(phone);
  expect(html).not.toContain(digits);
  expect(html.replace(/\D/g, '')).not.toContain(digits.slice(-8));
  expect(await page.content()).not.toContain(digits);

  await page.getByRole('button', { name: 'Ver teléfono' }).click();
  const result = page.locator('[data-phone-result]');
  // Stored in international form (+549…), shown as Argentines read it, called and messaged in international form.
  const local = formatPhoneLocal(phone);
  await expect(result).toContainText(`Teléfono: ${local}`);
  await expect(result.getByRole('link', { name: local })).toHaveAttribute('href', `tel:+${digits}`);
  await expect(result.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/${digits}?text=${encodeURIComponent(`Hola, vi tu aviso (código ${ad.id}). ¿Tenés disponibilidad?`)}`,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the contact stays in reach, and the page ends with ads like it', async ({ page, db }) => {
    const { ad, ...withPhone } = await firstResultWithPhone(db);
    await asReturningVisitor(page);
    await page.goto(adPath(ad));
    await waitForHydration(page);

    // The bar is on screen without scrolling; its "Ver teléfono" shows the number in the contact box.
    const bar = page.getByRole('group', { name: 'Contacto rápido' });
    await expect(bar).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await bar.getByRole('button', { name: 'Ver teléfono' }).click();
    await expect(page.locator('[data-phone-result]')).toContainText(`Teléfono: ${formatPhoneLocal(withPhone.phone)}`);
    await expect(page.locator('[data-phone-result]')).toBeInViewport();

    const similar = page.getByRole('region', { name: 'Más avisos como este' });
    const links = similar.locator('.result__title a');
    const ids = await links.evaluateAll((all) => all.map((link) => Number((link as HTMLAnchorElement).pathname.split('-').pop())));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(6);
    expect(ids).not.toContain(ad.id);
    const alike = await db('ads').whereIn('id', ids).where({ state: 'published', category: withPhone.category }).count({ n: '*' });
    expect(Number(alike[0]!.n)).toBe(ids.length);
    await expectNoSeriousA11yViolations(page);
  });
});

test('an ad opened with an outdated slug is redirected to its canonical address', async ({ request, db }) => {
  const [ad] = (await expectedSearch(db, '')).ads;
  const response = await request.get(`/anuncio/otro-titulo-${ad!.id}?ref=x`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`${adPath(ad!)}?ref=x`);
});

test('an unknown ad answers 404 with the not-found screen, in Spanish', async ({ page }) => {
  const response = await page.goto('/anuncio/x-99999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  for (const path of ['/anuncio/x-99999999', '/anuncio/sin-numero', '/anuncio/0']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    const text = await answer.text();
    expect(text).toContain('Página no encontrada');
    expect(text).not.toContain('Page Not Found');
  }
});

test.describe('an ad no longer published', () => {
  test('says so with 404 while it may come back, and offers up to six published ads like it', async ({ page, db }) => {
    await asReturningVisitor(page);
    const id = await insertEndedAd(db, 'paused');
    const response = await page.goto(`/anuncio/masajes-de-un-aviso-terminado-${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este aviso ya no está publicado');
    await expect(page.getByText('Puede que vuelva a publicarse más adelante.')).toBeVisible();
    // Nothing of the ad itself.
    await expect(page.getByText('Masajes de un aviso terminado')).toHaveCount(0);
    const similar = page.getByRole('region', { name: /^Más avisos de masajes en zona / });
    const cards = similar.locator('.result');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const ids = await cards
      .locator('.result__title a')
      .evaluateAll((links) => links.map((link) => Number((link as HTMLAnchorElement).pathname.split('-').pop())));
    const published = await db('ads').whereIn('id', ids).where({ state: 'published', category: 'masajes' }).count({ n: '*' });
    expect(Number(published[0]!.n)).toBe(ids.length);
    await expect(similar.getByRole('link', { name: 'Ver todos los avisos así' })).toHaveAttribute(
      'href',
      /^\/buscar\?categoria=masajes&zona=/,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('answers 410 once removed by staff or deleted', async ({ request, db }) => {
    const removed = await insertEndedAd(db, 'removed');
    const removedAnswer = await request.get(`/anuncio/x-${removed}`);
    expect(removedAnswer.status()).toBe(410);
    expect(await removedAnswer.text()).toContain('Fue dado de baja y no volverá a publicarse en Velada.');

    const deleted = await insertEndedAd(db, 'published');
    await db('ads').where('id', deleted).delete();
    const deletedAnswer = await request.get(`/anuncio/x-${deleted}`);
    expect(deletedAnswer.status()).toBe(410);
    expect(await deletedAnswer.text()).toContain('Este aviso ya no está publicado');
  });
});
