// Search in Portuguese and English (docs/decisions/070-languages.md): the same filters and results as /buscar, every
// word around them in the page's language (chips, counts, empty state, the phone's sheet), the address kept in the
// language's own search as filters change in place, and the same search one click away in another language.
import { CATALOGUES } from '#shared/i18n/translate.ts';
import { formatCount } from '#shared/format.ts';
import {
  asReturningVisitor,
  expect,
  expectNoSeriousA11yViolations,
  expectSameDocument,
  expectedSearch,
  markDocument,
  resultCards,
  resultCount,
  test,
  waitForHydration,
} from './fixtures.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';

const pt = { ...CATALOGUES.pt.search!, ...CATALOGUES.pt.searchLive! };
const en = { ...CATALOGUES.en.search!, ...CATALOGUES.en.searchLive! };

test('a search in Portuguese: filters in place under /pt/busca, chips and counts in Portuguese, no Spanish left', async ({ page, db }) => {
  await asReturningVisitor(page);
  await page.goto('/pt/busca');
  await waitForHydration(page);
  await markDocument(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anúncios em CABA');
  const all = (await expectedSearch(db, '')).total;
  await expect(resultCount(page)).toContainText(`${formatCount(all, 'pt')} resultados · página 1 de`);

  await page.getByLabel(pt.category!, { exact: true }).selectOption('masajes');
  await expect(page).toHaveURL((url) => url.pathname === '/pt/busca' && url.searchParams.get('categoria') === 'masajes');
  const masajes = (await expectedSearch(db, 'categoria=masajes')).total;
  await expect(resultCount(page)).toContainText(`${formatCount(masajes, 'pt')} resultados`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Massagens em CABA');
  await expect(page).toHaveTitle('Massagens em CABA | Velada');
  await expect(resultCards(page).first().locator('.result__meta')).toContainText(/^Massagens · /);
  await expectSameDocument(page);

  // An advanced filter: its chip, then the chip removes it again.
  await page.getByText(pt.advanced!, { exact: true }).click();
  await page.getByRole('group', { name: pt.languages! }).getByLabel('Inglês').check();
  await expect(page).toHaveURL(/idioma=ingles/);
  await expect(page.locator('[data-advanced-summary]')).toHaveText('Filtros avançados (1)');
  const chip = page.getByRole('link', { name: 'Remover filtro: Inglês' });
  await expect(chip).toHaveAttribute('href', '/pt/busca?categoria=masajes');
  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await chip.click();
  await expect(page).toHaveURL((url) => url.pathname === '/pt/busca' && !url.searchParams.has('idioma'));

  // A search that finds nothing says so in Portuguese, and clearing the filters starts over.
  await page.getByRole('searchbox', { name: pt.text! }).fill('zzzz-nada');
  await expect(page.getByRole('heading', { name: pt.emptyTitle! })).toBeVisible();
  await page.getByRole('link', { name: pt.clear! }).last().click();
  await expect(page).toHaveURL((url) => url.pathname === '/pt/busca' && url.search === '');
  await expect(resultCards(page)).not.toHaveCount(0);
  await expectSameDocument(page);
});

test('an indexed search names itself in each language; the switcher keeps the search', async ({ page, request }) => {
  await asReturningVisitor(page);
  await page.goto('/en/search?categoria=trans&utm_source=x');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trans in CABA');
  expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
    'es-AR': '/buscar',
    'pt-BR': '/pt/busca',
    en: '/en/search',
    'x-default': '/buscar',
  });
  const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
  expect(canonical.pathname + canonical.search).toBe('/en/search?categoria=trans');
  expect((await request.get('/en/search/resultados?categoria=trans')).headers()['x-robots-tag']).toBe('noindex');
  const sitemap = await (await request.get('/sitemaps/paginas.xml')).text();
  for (const path of ['/pt/busca?categoria=trans', '/en/search?categoria=trans']) expect(sitemap).toContain(`${path}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /pt/busca/resultados');

  // A search that is not indexed has no hreflang, but the switcher still leads to the same search.
  await page.goto('/en/search?categoria=trans&orden=recientes');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await page.locator('.site-header details.language-switcher summary').click();
  await page.getByRole('link', { name: 'Español' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/buscar' && url.search === '?categoria=trans&orden=recientes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trans en CABA');
  await expect(page.getByLabel('Ordenar por')).toHaveValue('recientes');
});

test('on a phone the English filters sheet counts in English', async ({ page, db }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asReturningVisitor(page);
  await page.goto('/en/search');
  await waitForHydration(page);
  const button = page.getByRole('link', { name: en.filters!, exact: true });
  await button.click();
  const sheet = page.getByRole('dialog', { name: en.filters! });
  await sheet.getByLabel(en.category!, { exact: true }).selectOption('escorts');
  const escorts = (await expectedSearch(db, 'categoria=escorts')).total;
  await expect(sheet.getByRole('button', { name: `See ${formatCount(escorts, 'en')} results` })).toBeVisible();
  await sheet.getByRole('button', { name: `See ${formatCount(escorts, 'en')} results` }).click();
  await expect(page.getByRole('link', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escorts in CABA');
  expect(spanishLeftIn('en', await interfaceText(page))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a landing page in Portuguese: its own slugs, its languages linked, no Spanish left', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/pt/massagens/zona-sul');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Massagens na zona Sul');
  expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
    'es-AR': '/masajes/zona-sur',
    'pt-BR': '/pt/massagens/zona-sul',
    en: '/en/massages/south-zone',
    'x-default': '/masajes/zona-sur',
  });
  expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe('/pt/massagens/zona-sul');
  const links = page.getByRole('navigation', { name: 'Outras buscas' });
  await expect(links.getByRole('link', { name: 'Boedo' })).toHaveAttribute('href', '/pt/massagens/boedo');
  await expect(links.getByRole('link', { name: 'Acompanhantes na zona Sul' })).toHaveAttribute('href', '/pt/acompanhantes/zona-sul');
  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // An indexed search of the same pair names the landing page as its canonical address, in each language.
  await page.goto('/pt/busca?categoria=masajes&zona=sur');
  expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe('/pt/massagens/zona-sul');

  await page.goto('/pt/massagens/zona-sul');
  await page.locator('.site-header details.language-switcher summary').click();
  await page.getByRole('link', { name: 'English' }).first().click();
  await expect(page).toHaveURL(/\/en\/massages\/south-zone$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Massages in the South zone');
  // A Spanish slug under /en/ is no page.
  expect((await page.goto('/en/masajes/zona-sur'))?.status()).toBe(404);
});

test('"Fala português" is off until chosen, then stays on for the next searches until removed', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/pt/busca?categoria=masajes');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Fala português' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/pt/busca' && url.searchParams.get('idioma') === 'portugues');
  await expect(page.getByRole('link', { name: 'Remover filtro: Português' })).toBeVisible();
  await expect(page.getByLabel('Português', { exact: true })).toBeChecked();

  // Chosen once: the next Portuguese search starts with it.
  await page.goto('/pt/busca?categoria=trans');
  await expect(page).toHaveURL((url) => url.searchParams.get('idioma') === 'portugues' && url.searchParams.get('categoria') === 'trans');
  await expect(page.getByRole('link', { name: 'Remover filtro: Português' })).toBeVisible();
  await page.getByRole('link', { name: 'Remover filtro: Português' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('idioma'));

  // Removed: the next search starts without it; a Spanish search never offers it.
  await page.goto('/pt/busca?categoria=escorts');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Fala português' })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('idioma')).toBe(false);
  await page.goto('/buscar?categoria=escorts');
  await expect(page.locator('[data-add-filter]')).toHaveCount(0);
});
