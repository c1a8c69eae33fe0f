// The rates table from the advertiser's form to the visitor's page: rows follow the services ticked, a bad amount is
// refused next to its cell, staff see the table in Anuncios and approve, the ad page shows only what has a value, and
// an edit of the table goes back to review. It publishes an ad, so it runs in the 'moderation' project, after the
// tests that compare search pages with the database.
import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  signInAsAdvertiser,
  waitForHydration,
} from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { adPath } from '#shared/ad-text.ts';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Tarifas: masajes relajantes en Almagro';
const rateInput = (page: Page, place: string, duration: string) => page.getByLabel(`${place}, ${duration}`, { exact: true });
/** A table's cells as rendered text, row by row, spaces (and the money format's no-break space) made plain. */
const cellsOf = (table: Locator) =>
  table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
    );

test('an advertiser fills the rates table, staff approve, a visitor sees it, and an edit goes back to review', async ({ page, db }) => {
  test.slow(); // a whole journey with three browsers and two accessibility checks: about a minute on a busy machine
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Tina Tarifas', birthDate: '1992-04-10' });
  await signInAsAdvertiser(page, advertiser, '/publicar-anuncio');

  await page.getByLabel('Título *').fill(TITLE);
  await page.getByLabel('Categoría *').selectOption('masajes');
  await page.getByLabel('Barrio').selectOption('almagro');
  await page.getByLabel('Descripción *').fill('Masajes relajantes con aceites, en un ambiente tranquilo. Atiendo con turno previo.');

  // With no place ticked the table has one general row; ticking places gives one row each, in table order.
  const rates = page.getByRole('group', { name: 'Tarifas (ARS)' });
  await expect(rates.getByRole('rowheader')).toHaveText(['Tarifa']);
  const services = page.getByRole('group', { name: 'Servicios' });
  await services.getByLabel('Hotel').check();
  await services.getByLabel('Presencial').check();
  await expect(rates.getByRole('rowheader')).toHaveText(['Lugar propio', 'Hotel']);
  await expect(rates.getByRole('columnheader')).toHaveText(['30 min', '1 hora', '2 horas', 'Noche']);

  // A bad amount is refused next to the table, and its cell gets the focus.
  await rateInput(page, 'Lugar propio', '1 hora').fill('500');
  await rateInput(page, 'Hotel', 'noche').fill('90.000');
  await page.getByRole('button', { name: 'Publicar Anuncio' }).click();
  await expect(rates.getByText('Las tarifas empiezan en $ 1.000.')).toBeVisible();
  await expect(rateInput(page, 'Lugar propio', '1 hora')).toBeFocused();
  await expect(rateInput(page, 'Lugar propio', '1 hora')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await rateInput(page, 'Lugar propio', '1 hora').fill('20.000');
  await rateInput(page, 'Lugar propio', '2 horas').fill('36000');
  await rateInput(page, 'Hotel', '1 hora').fill('$ 25.000');
  await page.getByRole('button', { name: 'Publicar Anuncio' }).click();
  await expect(page.getByText('¡Listo! Tu anuncio está en revisión.')).toBeVisible();

  const ad = await db('ads').where('title', TITLE).first();
  expect(ad).toMatchObject({ state: 'pending', price_per_hour: 20000 });
  const stored = await db('ad_rates').where('ad_id', ad.id).orderBy(['place', 'duration']).select('place', 'duration', 'amount');
  expect(stored).toEqual([
    { place: 'hotel', duration: '1h', amount: 25000 },
    { place: 'hotel', duration: 'noche', amount: 90000 },
    { place: 'propio', duration: '1h', amount: 20000 },
    { place: 'propio', duration: '2h', amount: 36000 },
  ]);

  // Staff see the table in the review and approve.
  const staffContext = await page.context().browser()!.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'velada_admin', SUPER_PASSWORD);
  await openSection(staff, 'Anuncios');
  const card = staff.locator('.panel__ad').filter({ has: staff.getByRole('heading', { name: TITLE }) });
  await expect(card.getByRole('table', { name: `Tarifas de «${TITLE}»` })).toBeVisible();
  expect(await cellsOf(card.getByRole('table', { name: `Tarifas de «${TITLE}»` }))).toEqual([
    ['', '1 hora', '2 horas', 'Noche'],
    ['Lugar propio', '$ 20.000', '$ 36.000', '—'],
    ['Hotel', '$ 25.000', '—', '$ 90.000'],
  ]);
  await card.getByRole('button', { name: /^Aprobar/ }).click();
  await expect(toast(staff, 'Anuncio aprobado')).toBeVisible();
  await staffContext.close();

  // The visitor: one price, "desde" since the places' hourly rates differ, and the table with what has a value.
  const visitorContext = await page.context().browser()!.newContext();
  const visitor = await visitorContext.newPage();
  await asReturningVisitor(visitor);
  await visitor.goto(adPath(ad));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(visitor.locator('.ad__price')).toHaveText('desde $ 20.000 / hora');
  const table = visitor.getByRole('table', { name: 'Tarifas' });
  await expect(table.getByRole('columnheader')).toHaveText(['1 hora', '2 horas', 'Noche']);
  const none = expect.stringMatching(/^— ?Sin tarifa$/);
  expect(await cellsOf(table)).toEqual([
    ['', '1 hora', '2 horas', 'Noche'],
    ['Lugar propio', '$ 20.000', '$ 36.000', none],
    ['Hotel', '$ 25.000', none, '$ 90.000'],
  ]);
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();

  // Editing: unticking Hotel drops its row; the ad goes back to review with the new table and price.
  await page.goto(`/mi-cuenta/anuncios/${ad.id}`);
  await waitForHydration(page);
  await expect(rateInput(page, 'Hotel', 'noche')).toHaveValue('90000');
  await page.getByRole('group', { name: 'Servicios' }).getByLabel('Hotel').uncheck();
  await expect(rates.getByRole('rowheader')).toHaveText(['Lugar propio']);
  await rateInput(page, 'Lugar propio', '1 hora').fill('22000');
  await rateInput(page, 'Lugar propio', 'noche').fill('100000');
  await page.getByRole('button', { name: 'Guardar y enviar a revisión' }).click();
  await expect(page.getByRole('status')).toContainText('Guardamos los cambios.');
  // Back in review, the page is no longer public; the form, opened again, holds the new table.
  expect((await page.goto(adPath(ad)))?.status()).toBe(404);
  await page.goto(`/mi-cuenta/anuncios/${ad.id}`);
  await waitForHydration(page);
  await expect(rates.getByRole('rowheader')).toHaveText(['Lugar propio']);
  await expect(rateInput(page, 'Lugar propio', '1 hora')).toHaveValue('22000');
  await expect(rateInput(page, 'Lugar propio', '2 horas')).toHaveValue('36000');
  await expect(rateInput(page, 'Lugar propio', 'noche')).toHaveValue('100000');
});
