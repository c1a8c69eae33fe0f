// The search screen on a phone (390 x 844): results on the first screen, the filters in a modal sheet opened by
// "Filtros (n)", the applied filters as removable chips, and the same form without JavaScript.
import {
  test,
  expect,
  countText,
  expectCountMatchesUrl,
  expectNoSeriousA11yViolations,
  expectQueryParam,
  expectSameDocument,
  openSearch,
  resultCards,
  waitForHydration,
} from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('the first result card starts within the first 400 px, under a header of one row', async ({ page }) => {
  // Two chips and the VIP banner over the results: the fullest first screen a search has.
  await openSearch(page, 'categoria=masajes&zona=premium');
  await expect(page.getByRole('list', { name: 'Filtros aplicados' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('complementary', { name: 'Anuncio VIP destacado' })).toBeVisible();
  expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(65);
  expect((await resultCards(page).first().boundingBox())!.y).toBeLessThanOrEqual(400);
  // The compact controls keep their names.
  await expect(page.getByRole('link', { name: 'Salida rápida' })).toBeVisible();
  for (const name of ['Avisame de nuevos avisos', 'Cuadrícula', 'Lista']) await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Filtros/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('search-390.png') });
});

test('results come first; the sheet filters them and closes on "Ver N resultados"; chips remove one filter each', async ({ page, db }) => {
  await openSearch(page);
  const firstCard = await resultCards(page).first().boundingBox();
  expect(firstCard!.y).toBeLessThan(PHONE.height);
  await expect(page.getByLabel('Categoría', { exact: true })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Filtros aplicados' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const button = page.getByRole('link', { name: 'Filtros', exact: true });
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toBeFocused();
  // Modal: the page behind is inert and does not scroll.
  await expect(page.locator('.site-header')).toHaveAttribute('inert', '');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await expectNoSeriousA11yViolations(page);

  // Changes update the results behind the sheet, and its button says how many there are.
  await sheet.getByLabel('Categoría', { exact: true }).selectOption('masajes');
  await expectQueryParam(page, 'categoria', 'masajes');
  const masajes = await expectCountMatchesUrl(page, db);
  await sheet.getByLabel('Zona', { exact: true }).selectOption('palermo');
  await expectQueryParam(page, 'zona', 'palermo');
  const inPalermo = await expectCountMatchesUrl(page, db);
  expect(inPalermo).toBeLessThanOrEqual(masajes);
  const apply = sheet.getByRole('button', { name: `Ver ${countText(inPalermo)}` });
  await expect(apply).toBeVisible();

  // Tab stays in the sheet: backwards from its start goes to its last control, the apply button.
  await page.keyboard.press('Shift+Tab');
  await expect(apply).toBeFocused();

  await apply.click();
  await expect(sheet).toBeHidden();
  const withTwo = page.getByRole('link', { name: 'Filtros (2)', exact: true });
  await expect(withTwo).toBeFocused();
  await expect(page.locator('.site-header')).not.toHaveAttribute('inert', '');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  // One chip per filter; removing one removes that filter only, from the URL, the results, the form and the count.
  const chips = page.getByRole('list', { name: 'Filtros aplicados' });
  await expect(chips.getByRole('link')).toHaveText(['Masajes', 'Palermo']);
  await chips.getByRole('link', { name: 'Quitar filtro: Palermo' }).click();
  await expectQueryParam(page, 'zona', null);
  await expectQueryParam(page, 'categoria', 'masajes');
  expect(await expectCountMatchesUrl(page, db)).toBe(masajes);
  await expect(chips.getByRole('link')).toHaveText(['Masajes']);
  await expect(page.getByRole('link', { name: 'Filtros (1)', exact: true })).toBeVisible();
  await expectSameDocument(page);

  // Escape closes the sheet too, and the form shows what the chips left.
  await page.getByRole('link', { name: 'Filtros (1)', exact: true }).click();
  await expect(sheet.getByLabel('Zona', { exact: true })).toHaveValue('');
  await expect(sheet.getByLabel('Categoría', { exact: true })).toHaveValue('masajes');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('link', { name: 'Filtros (1)', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/buscar\?categoria=masajes$/);
});

test('on a wide screen the form stays above the results, and the chips show there too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSearch(page, 'idioma=ingles');
  await expect(page.getByLabel('Categoría', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Filtros/ })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Filtros aplicados' }).getByRole('link')).toHaveText(['Inglés']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Filtros" leads to the form, which searches with an ordinary GET', async ({ page, db }) => {
    await page.goto('/buscar');
    // The gate's form, without JavaScript, sets its cookie and comes back.
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    await expect(page).toHaveURL(/\/buscar$/);
    await page.getByRole('link', { name: 'Filtros', exact: true }).click();
    await expect(page).toHaveURL(/#filtros$/);
    const category = page.getByLabel('Categoría', { exact: true });
    await expect(category).toBeInViewport();
    await category.selectOption('trans');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/buscar\?.*categoria=trans/);
    const total = await expectCountMatchesUrl(page, db);
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Filtros (1)', exact: true })).toBeVisible();
    // A chip is a plain link to the search without its filter.
    await page.getByRole('link', { name: 'Quitar filtro: Trans' }).click();
    await expect(page).toHaveURL(/\/buscar$/);
  });
});

test('hydration leaves the first screen as the server drew it', async ({ page }) => {
  await openSearch(page, 'categoria=masajes');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Filtros (1)', exact: true })).toBeVisible();
  expect((await resultCards(page).first().boundingBox())!.y).toBeLessThan(PHONE.height);
});
