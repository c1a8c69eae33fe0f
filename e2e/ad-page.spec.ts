// An ad's own page, reached from the results: its content, and the phone kept out of the HTML until asked for.
import { adPath } from '#shared/ad-text.ts';
import { formatPhoneLocal } from '#shared/phone.ts';
import { test, expect, expectedSearch, openSearch, resultCards } from './fixtures.ts';

test('opening an ad from the results shows it; the phone appears only on request', async ({ page, db }) => {
  // The first ad of the default results that publishes a phone.
  const { ads } = await expectedSearch(db, '');
  const rows = await db('ads')
    .whereIn(
      'id',
      ads.map((ad) => ad.id),
    )
    .whereNotNull('phone')
    .select('id', 'phone', 'description');
  const byId = new Map(rows.map((row) => [row.id as number, row as { phone: string; description: string }]));
  const ad = ads.find((a) => byId.has(a.id))!;
  expect(ad).toBeDefined();
  const { phone, description } = byId.get(ad.id)!;

  await openSearch(page);
  await resultCards(page)
    .getByRole('link', { name: ad.title, exact: true })
    .and(page.locator(`[href="${adPath(ad)}"]`))
    .click();
  await expect(page).toHaveURL(adPath(ad));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ad.title);

  const badges = page.getByRole('list', { name: 'Distintivos' });
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
  await expect(result.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', `https://wa.me/${digits}`);
});

test('an ad opened with an outdated slug is redirected to its canonical address', async ({ request, db }) => {
  const [ad] = (await expectedSearch(db, '')).ads;
  const response = await request.get(`/anuncio/otro-titulo-${ad!.id}?ref=x`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`${adPath(ad!)}?ref=x`);
});

test('an unknown ad answers 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/anuncio/x-99999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  for (const path of ['/anuncio/x-99999999', '/anuncio/sin-numero', '/anuncio/0']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    const text = await answer.text();
    expect(text).toContain('404 Page Not Found');
    expect(text).toContain('Did you forget to add the page to the router?');
  }
});
