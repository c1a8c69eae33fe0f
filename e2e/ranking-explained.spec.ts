// "Cómo ordenamos los avisos" (docs/decisions/064-fair-exposure.md) as visitors and advertisers find it: from the
// footer and the plans page; its sections in order, the figures the ranking uses; and a search's later pages, whose
// links name the order's rotation window so that page 2 follows page 1. Read-only.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';

const PATH = '/como-ordenamos-los-avisos';
const SECTIONS = [
  'Primero, el plan',
  'Turnos dentro de cada plan',
  '«Disponible ahora»',
  'De una página a la siguiente',
  'Lo que no cuenta',
  'Otros órdenes y filtros',
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the footer leads to how ads are ordered, in plain words`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await asReturningVisitor(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo ordenamos los avisos' }).click();
    await page.waitForURL(`**${PATH}`);
    await waitForHydration(page);

    await expect(page).toHaveTitle('Cómo ordenamos los avisos | Velada');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo ordenamos los avisos');
    await expect(page.locator('article').getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
    await expect(page.getByRole('navigation', { name: 'Contenido' }).getByRole('link')).toHaveText(SECTIONS);
    // The figures of the ranking itself: 20-minute turns, the first hour of "Disponible ahora", three times a day.
    await expect(page.getByRole('region', { name: 'Turnos dentro de cada plan' })).toContainText('El orden avanza cada 20 minutos');
    await expect(page.getByRole('region', { name: 'Turnos dentro de cada plan' })).toContainText('No vendemos subidas.');
    const available = page.getByRole('region', { name: '«Disponible ahora»' });
    await expect(available).toContainText('hasta 3 veces por día. Durante la primera hora de cada vez');
    await expect(page.getByRole('region', { name: 'Otros órdenes y filtros' })).toContainText('«Más recientes», «Más populares»');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`como-ordenamos-${viewport.width}.png`), fullPage: true });
  });
}

test('the plans page says how the turns work and links to the explanation', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/aumentar-visibilidad');
  await expect(page.locator('.plans__note').first()).toContainText('dentro de cada plan el orden avanza a lo largo del día');
  await page.getByRole('link', { name: 'Cómo ordenamos los avisos' }).first().click();
  await page.waitForURL(`**${PATH}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo ordenamos los avisos');
});

test('a search’s later pages name the order’s turn, and page 2 reached by it shows none of page 1’s ads', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/buscar');
  const firstPage = await page
    .locator('.results__list > li.result')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href^="/anuncio/"]')?.getAttribute('href')));
  expect(firstPage.length).toBeGreaterThan(0);
  const next = page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página 2', exact: true });
  await expect(next).toHaveAttribute('href', /^\/buscar\?pagina=2&turno=\d+$/);
  await next.click();
  await page.waitForURL(/pagina=2&turno=\d+/);
  await expect(page.locator('.results__count')).toContainText(/página 2 de \d+/);
  const secondPage = await page
    .locator('.results__list > li.result')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href^="/anuncio/"]')?.getAttribute('href')));
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
  // The turn is not part of what a visitor saves or shares as the search: the first page's address has none.
  await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página 1', exact: true }).click();
  await expect(page).toHaveURL(/\/buscar$/);
});
