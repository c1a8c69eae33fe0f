// Home: the hero search by barrio, the five categories, the app and plan buttons, and the footer.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  asReturningVisitor,
  countLine,
  expectedSearch,
  expectNoSeriousA11yViolations,
  resultCount,
  showWholeFeaturedStrip,
} from './fixtures.ts';
import { FEATURED_PART } from '#shared/featured.ts';
import { vipAds } from '#db/queries/vip-ads.ts';

const heroBox = (page: Page) => page.getByRole('searchbox', { name: 'Barrio de CABA' });

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/');
  // Records whether the last form submission was cancelled, after every listener ran.
  await page.evaluate(() => {
    window.addEventListener('submit', (event) => {
      (window as unknown as { __submitPrevented: boolean }).__submitPrevented = event.defaultPrevented;
    });
  });
});

test("typing 'Palermo' and Enter searches that barrio", async ({ page, db }) => {
  await expect(heroBox(page)).toHaveAttribute('placeholder', /barrio de CABA/);
  await heroBox(page).fill('Palermo');
  await heroBox(page).press('Enter');
  await expect(page).toHaveURL('/buscar?barrio=Palermo');
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Palermo');
  const { total, ads } = await expectedSearch(db, 'barrio=Palermo');
  expect(total).toBeGreaterThan(0);
  await expect(resultCount(page)).toHaveText(countLine(total));
  await expect(page.locator('#search-results .results__list > li')).toHaveCount(ads.length);
});

test("the 'Buscar' button searches too, trimming the text", async ({ page }) => {
  await heroBox(page).fill('  Recoleta ');
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL('/buscar?barrio=Recoleta');
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Recoleta');
});

test('blank or whitespace-only text does nothing', async ({ page }) => {
  const submitPrevented = () => page.evaluate(() => (window as unknown as { __submitPrevented?: boolean }).__submitPrevented);
  await heroBox(page).press('Enter');
  await expect.poll(submitPrevented).toBe(true);
  await heroBox(page).fill('   ');
  await page.evaluate(() => delete (window as unknown as { __submitPrevented?: boolean }).__submitPrevented);
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect.poll(submitPrevented).toBe(true);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos clasificados para adultos en CABA');
});

test('shows the five categories, the action buttons and the footer columns', async ({ page }) => {
  const categories = page.getByRole('region', { name: 'Explorá por categoría' });
  const expected = [
    ['Acompañantes', '/acompanantes'],
    ['Masajes', '/masajes'],
    ['Citas', '/encuentros-casuales'],
    ['Trans', '/trans'],
    ['Taxi Boys', '/taxi-boys'],
  ];
  await expect(categories.getByRole('link')).toHaveCount(5);
  for (const [label, href] of expected) {
    await expect(categories.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href!);
  }
  const icons = page.getByRole('navigation', { name: 'Categorías' });
  await expect(icons.getByRole('link')).toHaveText(expected.map(([label]) => label!));

  await expect(page.getByRole('link', { name: 'Aumenta tu visibilidad' })).toHaveAttribute('href', '/aumentar-visibilidad');
  await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
  const guide = page.getByRole('link', { name: 'Guía PDF' });
  await expect(guide).toHaveAttribute('href', '/guia-instalacion');
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Ver Planes Premium' })).toHaveAttribute('href', '/aumentar-visibilidad#premium');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { level: 2 })).toHaveText(['Legal', 'Soporte', 'Seguridad', 'Persona Jurídica']);
  await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/terminos-condiciones');
  await expect(footer.getByRole('link', { name: 'Políticas de privacidad' })).toHaveAttribute('href', '/politicas-privacidad');
});

test('the featured strip lists every VIP in force a part at a time, in one row that scrolls sideways', async ({ page, db }) => {
  const strip = page.getByRole('region', { name: 'Destacados VIP' });
  const titles = strip.locator('.result__title');
  const more = strip.getByRole('link', { name: 'Ver más destacados' });
  // Other tests may start or end a plan meanwhile: compare with the database around a reload.
  await expect(async () => {
    const expected = (await vipAds(db)).map((ad) => ad.title);
    expect(expected.length).toBeGreaterThan(FEATURED_PART);
    await page.reload();
    // The first part with the page; without JavaScript, the link leads to every paid ad.
    await expect(titles).toHaveText(expected.slice(0, FEATURED_PART), { timeout: 3000 });
    await expect(more).toHaveAttribute('href', '/buscar?verificacion=premium');
    // The next parts on request, the focus on the first new card, until the whole turn is there.
    await more.click();
    await expect(titles).toHaveText(expected.slice(0, 2 * FEATURED_PART), { timeout: 3000 });
    await expect(titles.nth(FEATURED_PART).getByRole('link')).toBeFocused();
    await showWholeFeaturedStrip(page);
    await expect(titles).toHaveText(expected, { timeout: 3000 });
  }).toPass();
  await expect(more).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const list = strip.locator('.featured__list');
  const { scrollWidth, clientWidth } = await list.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const tops = await strip
    .locator('.result')
    .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size);
  expect(tops).toBe(1);
});
