// The search screen on the demo data: every filter applied through the form updates the results in place
// (URL kept in step, no page load), and the count always equals what db/queries/search-ads.ts answers.
import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
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

const textBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });

/** Total of the unfiltered search (all public ads). */
async function allAds(db: Knex): Promise<number> {
  return (await expectedSearch(db, '')).total;
}

/** Selects `value` in the select labelled `label`, waits for the URL and checks the count; returns it. */
async function selectFilter(page: Page, db: Knex, label: string, param: string, value: string): Promise<number> {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await expectQueryParam(page, param, value === '' ? null : value);
  const total = await expectCountMatchesUrl(page, db);
  await expectSameDocument(page);
  return total;
}

test('all public ads are listed, 9 per page', async ({ page, db }) => {
  await openSearch(page);
  const all = await allAds(db);
  expect(all).toBe(220);
  await expect(resultCount(page)).toHaveText(`220 resultados · página 1 de ${Math.ceil(all / RESULTS_PER_PAGE)}`);
  await expect(resultCards(page)).toHaveCount(RESULTS_PER_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en CABA');
});

test('the text box filters as you type, ignoring accents and case', async ({ page, db }) => {
  await openSearch(page);
  const all = await allAds(db);
  const counts: number[] = [];
  for (const text of ['nunez', 'Núñez', 'NUÑEZ']) {
    await textBox(page).fill(text);
    await expectQueryParam(page, 'q', text);
    counts.push(await expectCountMatchesUrl(page, db));
  }
  await expectSameDocument(page);
  expect(counts[0]).toBeGreaterThan(0);
  expect(counts[0]).toBeLessThan(all);
  expect(counts).toEqual([counts[0], counts[0], counts[0]]);
});

test('category filter', async ({ page, db }) => {
  await openSearch(page);
  const all = await allAds(db);
  const masajes = await selectFilter(page, db, 'Categoría', 'categoria', 'masajes');
  expect(masajes).toBeGreaterThan(0);
  expect(masajes).toBeLessThan(all);
  await expect(resultCards(page).first()).toContainText('Masajes');
  // The heading, the title and the announced count follow the search.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Masajes en CABA');
  await expect(page).toHaveTitle('Masajes en CABA | Velada');
  await expect(page.getByRole('status').filter({ hasText: 'resultado' })).toHaveText(countLine(masajes));
  expect(await selectFilter(page, db, 'Categoría', 'categoria', '')).toBe(all);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en CABA');
});

test('zone filter: a whole zone, then one barrio of it', async ({ page, db }) => {
  await openSearch(page);
  const all = await allAds(db);
  const premium = await selectFilter(page, db, 'Zona', 'zona', 'premium');
  expect(premium).toBeGreaterThan(0);
  expect(premium).toBeLessThan(all);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en zona Premium');
  const palermo = await selectFilter(page, db, 'Zona', 'zona', 'palermo');
  expect(palermo).toBeGreaterThan(0);
  expect(palermo).toBeLessThan(premium);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en Palermo');
  await expect(resultCards(page).first()).toContainText('Palermo');
});

test('availability filter', async ({ page, db }) => {
  await openSearch(page);
  const all = await allAds(db);
  // Values that do not depend on the current time ('ahora' and 'hoy' do).
  for (const value of ['24h', 'agenda-abierta', 'nocturno', 'fines-semana']) {
    const total = await selectFilter(page, db, 'Disponibilidad', 'disponibilidad', value);
    expect(total, value).toBeGreaterThan(0);
    expect(total, value).toBeLessThan(all);
  }
});

test('sort by lowest price', async ({ page, db }) => {
  await openSearch(page);
  await selectFilter(page, db, 'Ordenar por', 'orden', 'precio-menor');
  const expected = await expectedSearch(db, 'orden=precio-menor');
  await expect(resultCards(page).locator('h3')).toHaveText(expected.ads.map((ad) => ad.title));
  const prices = (await resultCards(page).locator('.result__price').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
  expect(prices.length).toBe(RESULTS_PER_PAGE);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices).toEqual(expected.ads.map((ad) => ad.pricePerHour));

  await selectFilter(page, db, 'Ordenar por', 'orden', 'precio-mayor');
  const highest = (await resultCards(page).locator('.result__price').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
  expect(highest).toEqual([...highest].sort((a, b) => b - a));
  expect(highest[0]).toBeGreaterThan(prices.at(-1)!);
});

test.describe('advanced filters', () => {
  test.beforeEach(async ({ page }) => {
    await openSearch(page);
    await page.getByText('Filtros avanzados').click();
  });

  test('price and age ranges', async ({ page, db }) => {
    const all = await allAds(db);
    for (const [label, param, value] of [
      ['Precio por hora', 'precio', '5000-10000'],
      ['Precio por hora', 'precio', '20000+'],
      ['Edad', 'edad', '26-35'],
      ['Edad', 'edad', '45+'],
    ] as const) {
      const total = await selectFilter(page, db, label, param, value);
      expect(total, value).toBeGreaterThan(0);
      expect(total, value).toBeLessThan(all);
      expect(await selectFilter(page, db, label, param, ''), `${value} removed`).toBe(all);
    }
  });

  const groups = [
    {
      legend: 'Verificación',
      param: 'verificacion',
      options: [
        ['Identidad verificada', 'verificado'],
        ['Fotos reales', 'fotos-reales'],
        ['Premium', 'premium'],
      ],
    },
    {
      legend: 'Idiomas',
      param: 'idioma',
      options: [
        ['Español', 'espanol'],
        ['Inglés', 'ingles'],
        ['Portugués', 'portugues'],
        ['Francés', 'frances'],
      ],
    },
    {
      legend: 'Tipo de servicio',
      param: 'servicio',
      options: [
        ['Presencial', 'presencial'],
        ['Virtual', 'virtual'],
        ['A domicilio', 'domicilio'],
        ['Hotel', 'hotel'],
      ],
    },
    {
      legend: 'Tipo de atención',
      param: 'atencion',
      options: [
        ['Individual', 'individual'],
        ['Parejas', 'parejas'],
        ['Grupos', 'grupos'],
      ],
    },
  ] as const;

  for (const group of groups) {
    test(`${group.legend}: each option alone`, async ({ page, db }) => {
      const all = await allAds(db);
      const fieldset = page.getByRole('group', { name: group.legend });
      for (const [label, value] of group.options) {
        const box = fieldset.getByLabel(label, { exact: true });
        await box.check();
        await expectQueryParam(page, group.param, value);
        const total = await expectCountMatchesUrl(page, db);
        expect(total, value).toBeGreaterThan(0);
        // Every public ad is of a verified advertiser, and every demo advertiser speaks Spanish: those two
        // options narrow nothing (the count still equals the database's, checked above).
        if (value === 'verificado' || value === 'espanol') expect(total, value).toBe(all);
        else expect(total, value).toBeLessThan(all);
        await box.uncheck();
        await expectQueryParam(page, group.param, null);
        await expect(resultCount(page)).toHaveText(countLine(all));
      }
      await expectSameDocument(page);
    });
  }

  test('two options of a group widen the results, two groups narrow them', async ({ page, db }) => {
    const languages = page.getByRole('group', { name: 'Idiomas' });
    await languages.getByLabel('Inglés').check();
    await expectQueryParam(page, 'idioma', 'ingles');
    const ingles = await expectCountMatchesUrl(page, db);
    await languages.getByLabel('Francés').check();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('idioma').join() === 'ingles,frances');
    const either = await expectCountMatchesUrl(page, db);
    expect(either).toBeGreaterThan(ingles);
    await page.getByRole('group', { name: 'Tipo de atención' }).getByLabel('Grupos').check();
    await expectQueryParam(page, 'atencion', 'grupos');
    const narrowed = await expectCountMatchesUrl(page, db);
    expect(narrowed).toBeLessThan(either);
  });
});

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
  await expect(page).toHaveURL('/buscar?categoria=escorts&pagina=2');
  await expect(resultCount(page)).toHaveText(countLine(expected.total));
  await expect(resultCards(page).locator('h3')).toHaveText(expected.ads.map((ad) => ad.title));
});

test('grid and list views, remembered after a reload', async ({ page }) => {
  await openSearch(page);
  const results = page.locator('#search-results');
  const grid = page.getByRole('button', { name: 'Cuadrícula' });
  const list = page.getByRole('button', { name: 'Lista' });
  await expect(results).toHaveAttribute('data-view', 'grid');
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
  await expect(results).toHaveAttribute('data-view', 'grid');
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
    await expect(page).toHaveURL('/buscar?categoria=encuentros&pagina=2');
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
    expect(nextHref).toBe('/buscar?categoria=encuentros&pagina=2');
    await page.goto(nextHref!);
    await expect(resultCount(page)).toHaveText(`${countText(next.total)} · página 2 de ${next.pages}`);
    await expect(resultCards(page).locator('h3')).toHaveText(next.ads.map((ad) => ad.title));
    expect(await page.getByRole('link', { name: 'Anterior' }).getAttribute('href')).toBe('/buscar?categoria=encuentros');
  });
});
