// An ad's statistics, in the browser: a visitor finds the ad in search, opens it and asks for the phone and WhatsApp;
// the advertiser's statistics page shows that appearance, view and those contacts, on a phone and a desktop; staff see
// the same in the panel. Runs with the advertiser tools, after the site's tests: it adds a public ad.
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  signInAsAdvertiser,
  waitForHydration,
} from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD } from './admin-helpers.ts';
import { insertedId } from '#db/dialect.ts';

/** A browser's own agent: the headless one is a bot to the counters, as it should be. */
const CHROME = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

test("a visitor's search, visit and contacts show in the ad's statistics, for the advertiser and for staff", async ({
  page,
  browser,
  db,
}) => {
  const now = new Date();
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Estela Estadística' });
  const title = `Masajes de Estela ${Date.now().toString(36)}`;
  const adId = insertedId(
    (
      await db('ads')
        .insert({
          advertiser_id: advertiser.id,
          slug: 'masajes-de-estela',
          title,
          description: 'Masajes relajantes con turno previo, en un espacio tranquilo de Boedo.',
          category: 'masajes',
          zona: 'caba',
          barrio: 'boedo',
          phone: '+5491155550177',
          state: 'published',
          plan: 'gratuito',
          requested_plan: 'gratuito',
          search_text: `${title.toLowerCase()} boedo masajes`,
          published_at: now,
          expires_at: new Date(now.getTime() + 20 * 86_400_000),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
    )[0],
  );

  // The server's search sees the new ad within a second (the catalog version is read at most once a second). Waited
  // for with the headless browser, a bot to the counters: these searches count nothing.
  const search = `/buscar?q=${encodeURIComponent(title)}`;
  await expect(async () => {
    await page.goto(search);
    await expect(page.locator('#search-results').getByRole('link', { name: title, exact: true }).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // The visitor: finds the ad in a search, opens it, asks for the phone, then opens WhatsApp.
  const visitor = await browser.newContext({ locale: 'es-AR', userAgent: CHROME });
  const visit = await visitor.newPage();
  visit.on('popup', (popup) => void popup.close());
  await asReturningVisitor(visit);
  await visit.goto(search);
  await visit.locator('#search-results').getByRole('link', { name: title, exact: true }).first().click();
  await expect(visit).toHaveURL(new RegExp(`/anuncio/masajes-de-estela-${adId}$`));
  await waitForHydration(visit);
  await visit.getByRole('button', { name: /Ver teléfono/ }).click();
  await expect(visit.getByRole('link', { name: '011 15-5555-0177' })).toBeVisible();
  const whatsapp = visit.waitForResponse(
    (r) => r.url().endsWith(`/api/ads/${adId}/phone`) && r.request().postData()?.includes('whatsapp') === true,
  );
  await visit.getByRole('button', { name: /WhatsApp/ }).click();
  expect((await whatsapp).status()).toBe(200);
  await visitor.close();

  // The advertiser's statistics: counts are written within a second or two.
  await signInAsAdvertiser(page, advertiser);
  await page
    .locator('.account-ads li')
    .filter({ hasText: title })
    .getByRole('link', { name: /^Estadísticas/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/mi-cuenta/anuncios/${adId}/estadisticas$`));
  await expect(page.getByRole('heading', { level: 1, name: `Estadísticas de «${title}»` })).toBeVisible();
  const step = (name: string) => page.locator('.stats__step').filter({ hasText: name });
  await expect(async () => {
    await page.reload();
    await expect(step('Contactos').locator('strong')).toHaveText('2', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(step('Apariciones en búsquedas').locator('strong')).toHaveText('1');
  await expect(step('Visitas al aviso').locator('strong')).toHaveText('1');
  await expect(step('Visitas al aviso')).toContainText('Tasa de clics: 100 %');
  await expect(step('Contactos')).toContainText('1 por teléfono · 1 por WhatsApp');
  await expect(page.getByRole('table', { name: /Comparado con el aviso mediano de Masajes · plan Gratuito/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Últimos 30 días' })).toHaveAttribute('aria-current', 'page');
  await page.getByText('Ver los datos por día', { exact: true }).click();
  const today = page.getByRole('region', { name: 'Datos por día' }).getByRole('row').nth(1);
  await expect(today.getByRole('cell')).toHaveText(['1', '1', '1', '1']);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('estadisticas-escritorio.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Últimos 90 días' }).click();
  await expect(page).toHaveURL(/periodo=90$/);
  await expect(page.getByRole('link', { name: 'Últimos 90 días' })).toHaveAttribute('aria-current', 'page');
  await expect(step('Contactos').locator('strong')).toHaveText('2');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('estadisticas-telefono.png'), fullPage: true });

  // Staff: the same figures from Anuncios.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Anuncios');
  await page.getByLabel('Estado').selectOption('published');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('button', { name: /^Estadísticas/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Estadísticas de «${title}»` });
  await expect(dialog.locator('.stats__step').filter({ hasText: 'Contactos' }).locator('strong')).toHaveText('2');
  await expect(dialog.locator('.stats__step').filter({ hasText: 'Visitas al aviso' }).locator('strong')).toHaveText('1');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('estadisticas-panel.png') });
});
