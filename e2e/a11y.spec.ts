// axe-core on every public page and overlay state: no serious or critical violation.
import { adPath } from '#shared/ad-text.ts';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, expectedSearch, waitForHydration } from './fixtures.ts';

const pages: [name: string, path: string][] = [
  ['home', '/'],
  ['search without results', '/buscar?q=zzzzqqq'],
  ['plans', '/aumentar-visibilidad'],
  ['terms', '/terminos-condiciones'],
  ['privacy', '/politicas-privacidad'],
  ['offline', '/offline'],
  ['menor de edad', '/menor-de-edad'],
  ['not found', '/esta-pagina-no-existe'],
  ['install guide', '/guia-instalacion-velada.html'],
  ['sign-in', '/ingresar'],
  ['registration', '/ingresar?crear=1'],
  ['forgotten password', '/recuperar-clave'],
  ['publish, signed out', '/publicar-anuncio'],
  ['report form', '/denunciar?motivo=estafa'],
  ['ad check', '/verificar-anuncio?codigo=1'],
  ['contact', '/contacto'],
];

test.describe('for a returning visitor', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page);
  });

  for (const [name, path] of pages) {
    test(`${name} (${path})`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('search with the advanced filters open', async ({ page }) => {
    await page.goto('/buscar');
    await waitForHydration(page);
    await page.getByText('Filtros avanzados').click();
    await expect(page.getByRole('group', { name: 'Idiomas' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an ad page with a photo gallery', async ({ page, db }) => {
    const { ads } = await expectedSearch(db, '');
    const withGallery = await db('ad_images')
      .whereIn(
        'ad_id',
        ads.map((a) => a.id),
      )
      .groupBy('ad_id')
      .havingRaw('count(*) > 1')
      .pluck('ad_id');
    const ad = ads.find((a) => withGallery.includes(a.id));
    await page.goto(adPath(ad!));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ad!.title);
    await expectNoSeriousA11yViolations(page);
  });
});

test('home with the age gate open', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('home with the cookie banner open', async ({ page }) => {
  await asReturningVisitor(page, { consent: false });
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Usamos cookies.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
