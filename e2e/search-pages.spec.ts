// The search screen's pages, views and edge cases on the demo data: pagination and its links, grid and list views,
// the empty state, 'Limpiar filtros', /search, bad query strings, and the form without JavaScript.
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import {
  test,
  expect,
  asReturningVisitor,
  countLine,
  countText,
  expectCountMatchesUrl,
  expectQueryParam,
  expectSameDocument,
  expectedSearch,
  openSearch,
  resultCards,
  resultCount,
} from './fixtures.ts';
import { allAds, textBox } from './search-helpers.ts';

test('pagination: Siguiente, numbered pages, Anterior and the back button', async ({ page, db }) => {
  await openSearch(page);
  const titles = (ads: { title: string }[]) => ads.map((ad) => ad.title);
  const pages = Math.ceil((await allAds(db)) / RESULTS_PER_PAGE);
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pagination.getByRole('link', { name: 'Página 1', exact: true })).toHaveAttribute('aria-current', 'page');

  await pagination.getByRole('link', { name: 'Siguiente' }).click();
  await expectQueryParam(page, 'pagina', '2');
  await expect(resultCount(page)).toHaveText(`220 resultados · página 2 de ${pages}`);
  await expect(resultCount(page)).toBeFocused();
  await expect(pagination.getByRole('link', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(resultCards(page).locator('h3')).toHaveText(titles((await expectedSearch(db, 'pagina=2')).ads));

  await pagination.getByRole('link', { name: 'Página 4', exact: true }).click();
  await expectQueryParam(page, 'pagina', '4');
  await expect(resultCards(page).locator('h3')).toHaveText(titles((await expectedSearch(db, 'pagina=4')).ads));

  await pagination.getByRole('link', { name: 'Anterior' }).click();
  await expectQueryParam(page, 'pagina', '3');
  await expect(pagination.getByRole('link', { name: 'Página 3', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(resultCards(page).locator('h3')).toHaveText(titles((await expectedSearch(db, 'pagina=3')).ads));

  await pagination.getByRole('link', { name: `Página ${pages}` }).click();
  await expectQueryParam(page, 'pagina', String(pages));
  await expect(resultCards(page)).toHaveCount(220 - (pages - 1) * RESULTS_PER_PAGE);
  await expect(pagination.getByText('Siguiente')).toHaveAttribute('aria-disabled', 'true');

  await page.goBack();
  await expectQueryParam(page, 'pagina', '3');
  await expect(resultCards(page).locator('h3')).toHaveText(titles((await expectedSearch(db, 'pagina=3')).ads));
  await expectSameDocument(page);
});

test('pages keep the filters', async ({ page, db }) => {
  await openSearch(page, 'categoria=escorts');
  const expected = await expectedSearch(db, 'categoria=escorts&pagina=2');
  expect(expected.pages).toBeGreaterThan(1);
  await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Siguiente' }).click();
  // Later pages name the turn of the order they follow (decision 064).
  await expect(page).toHaveURL(/\/buscar\?categoria=escorts&pagina=2&turno=\d+$/);
  await expect(resultCount(page)).toHaveText(countLine(expected.total));
  await expect(resultCards(page).locator('h3')).toHaveText(expected.ads.map((ad) => ad.title));
});

test('grid and list views, remembered after a reload', async ({ page }) => {
  await openSearch(page);
  // The chosen view is applied to <html> before the first paint; the server sends the same page to everyone.
  const results = page.locator('html');
  const grid = page.getByRole('button', { name: 'Cuadrícula' });
  const list = page.getByRole('button', { name: 'Lista' });
  await expect(results).not.toHaveAttribute('data-view', 'list');
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveAttribute('aria-pressed', 'false');

  await list.click();
  await expect(results).toHaveAttribute('data-view', 'list');
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expect(results).toHaveAttribute('data-view', 'list');
  await expect(list).toHaveAttribute('aria-pressed', 'true');

  await grid.click();
  await expect(results).toHaveAttribute('data-view', 'grid');
  await page.reload();
  await expect(results).not.toHaveAttribute('data-view', 'list');
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
});

test("no results: the empty state, and 'Limpiar filtros' brings everything back", async ({ page, db }) => {
  await openSearch(page);
  await textBox(page).fill('zzzzqqq');
  await expectQueryParam(page, 'q', 'zzzzqqq');
  await expect(resultCount(page)).toHaveText('0 resultados');
  await expect(page.getByRole('heading', { name: 'No encontramos avisos con estos filtros' })).toBeVisible();
  await expect(resultCards(page)).toHaveCount(0);

  await page.locator('#search-results').getByRole('link', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL('/buscar');
  await expect(resultCount(page)).toHaveText(countLine(await allAds(db)));
  await expect(textBox(page)).toHaveValue('');
  await expectSameDocument(page);
});

test("the form's 'Limpiar filtros' resets every field", async ({ page, db }) => {
  await openSearch(page, 'q=palermo&categoria=masajes&precio=5000-10000&idioma=ingles');
  await expect(page.getByLabel('Categoría')).toHaveValue('masajes');
  await expect(page.getByRole('group', { name: 'Idiomas' }).getByLabel('Inglés')).toBeChecked();
  await page.getByRole('search', { name: 'Filtros de búsqueda' }).getByRole('link', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL('/buscar');
  await expect(resultCount(page)).toHaveText(countLine(await allAds(db)));
  await expect(textBox(page)).toHaveValue('');
  await expect(page.getByLabel('Categoría')).toHaveValue('');
  await expect(page.getByLabel('Precio por hora')).toHaveValue('');
  // With no advanced filter left, the advanced section folds again (its boxes are then hidden).
  await expect(page.getByLabel('Inglés', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Inglés', { exact: true })).toBeHidden();
  await expectSameDocument(page);
});

test('/search shows the same screen', async ({ page, db }) => {
  await asReturningVisitor(page);
  await page.goto('/search?categoria=trans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trans en CABA');
  await expect(page.getByLabel('Categoría')).toHaveValue('trans');
  await expect(resultCount(page)).toHaveText(countLine((await expectedSearch(db, 'categoria=trans')).total));
  await expect(page.getByRole('search', { name: 'Filtros de búsqueda' })).toBeVisible();
});

test('bad query strings answer 200, not an error', async ({ request, db }) => {
  const all = await allAds(db);
  const lastPage = Math.ceil(all / RESULTS_PER_PAGE);
  for (const [query, expected] of [
    ['categoria=xyz&pagina=-3', `${all} resultados · página 1 de ${lastPage}`],
    ['pagina=99999', `${all} resultados · página ${lastPage} de ${lastPage}`],
    [`q=${'a'.repeat(5000)}`, '0 resultados'],
    ['zona=%E0%A4%A&orden=drop%20table&precio=1e9&idioma=klingon', `${all} resultados · página 1 de ${lastPage}`],
  ]) {
    const response = await request.get(`/buscar?${query}`);
    expect(response.status(), query.slice(0, 40)).toBe(200);
    const text = (await response.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(expected);
    const fragment = await request.get(`/buscar/resultados?${query}`);
    expect(fragment.status()).toBe(200);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The filters are a plain GET form and the page links plain links; the age gate posts its own form.
  test("choosing a category and pressing 'Buscar' submits the form; page links work", async ({ page, db }) => {
    await page.goto('/buscar');
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    await expect(page).toHaveURL('/buscar');
    await expect(page.locator('.age-gate')).toBeHidden();
    await page.getByLabel('Categoría').selectOption('encuentros');
    await page.getByRole('search', { name: 'Filtros de búsqueda' }).getByRole('button', { name: 'Buscar' }).click();
    await expectQueryParam(page, 'categoria', 'encuentros');
    const total = await expectCountMatchesUrl(page, db);
    expect(total).toBeLessThan(await allAds(db));
    await expect(page.getByLabel('Categoría')).toHaveValue('encuentros');

    const next = await expectedSearch(db, 'categoria=encuentros&pagina=2');
    await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\/buscar\?categoria=encuentros&pagina=2&turno=\d+$/);
    await expect(resultCount(page)).toHaveText(countLine(next.total));
    await expect(resultCards(page).locator('h3')).toHaveText(next.ads.map((ad) => ad.title));
    await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Anterior' }).click();
    await expect(page).toHaveURL('/buscar?categoria=encuentros');
  });

  test('the server answers the plain form submission and its page links', async ({ page, db }) => {
    await page.goto('/buscar');
    const form = page.getByRole('search', { name: 'Filtros de búsqueda' });
    await expect(form).toHaveAttribute('action', '/buscar');
    await expect(form).toHaveAttribute('method', 'get');
    // What a browser sends for this form with only the category chosen: every field, empty ones included.
    await page.goto('/buscar?q=&categoria=encuentros&zona=&disponibilidad=&orden=relevancia&precio=&edad=');
    const total = await expectCountMatchesUrl(page, db);
    expect(total).toBeLessThan(await allAds(db));
    await expect(page.getByLabel('Categoría')).toHaveValue('encuentros');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Citas en CABA');

    const next = await expectedSearch(db, 'categoria=encuentros&pagina=2');
    const nextHref = await page.getByRole('link', { name: 'Siguiente' }).getAttribute('href');
    expect(nextHref).toMatch(/^\/buscar\?categoria=encuentros&pagina=2&turno=\d+$/);
    await page.goto(nextHref!);
    await expect(resultCount(page)).toHaveText(`${countText(next.total)} · página 2 de ${next.pages}`);
    await expect(resultCards(page).locator('h3')).toHaveText(next.ads.map((ad) => ad.title));
    expect(await page.getByRole('link', { name: 'Anterior' }).getAttribute('href')).toBe('/buscar?categoria=encuentros');
  });
});
