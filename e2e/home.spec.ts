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

const heroBox = (page: Page) => page.getByRole('combobox', { name: 'Barrio de CABA' });

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
  // The name is the place filter, not words to look for.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en Palermo');
  await expect(page.getByLabel('Zona', { exact: true })).toHaveValue('palermo');
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
  const { total, ads } = await expectedSearch(db, 'zona=palermo');
  expect(total).toBeGreaterThan(0);
  await expect(resultCount(page)).toHaveText(countLine(total));
  await expect(page.locator('#search-results .results__list > li')).toHaveCount(ads.length);
});

test("the barrio box offers everyday names: 'Once' is Balvanera", async ({ page }) => {
  const options = page.getByRole('listbox', { name: 'Barrios y zonas' }).getByRole('option');
  await heroBox(page).pressSequentially('onc');
  await expect(heroBox(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(options).toHaveText(['Once Balvanera']);
  await expectNoSeriousA11yViolations(page);
  await heroBox(page).press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(heroBox(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await heroBox(page).press('Enter');
  await expect(page).toHaveURL('/buscar?barrio=Once');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en Balvanera');
  await expect(page.getByLabel('Zona', { exact: true })).toHaveValue('balvanera');
});

test('a click on a suggestion searches it; Escape closes the list; other words stay words', async ({ page }) => {
  const list = page.getByRole('listbox', { name: 'Barrios y zonas' });
  await heroBox(page).pressSequentially('soho');
  await expect(list.getByRole('option')).toHaveText(['Palermo Soho Palermo']);
  await heroBox(page).press('Escape');
  await expect(list).toBeHidden();
  await expect(heroBox(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(heroBox(page)).toHaveValue('soho');
  await heroBox(page).fill('');
  await heroBox(page).pressSequentially('zona s');
  await list.getByRole('option', { name: /Zona Sur/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos en zona Sur');

  await page.goto('/');
  await heroBox(page).fill('relajante');
  await expect(list).toBeHidden();
  await heroBox(page).press('Enter');
  await expect(page).toHaveURL('/buscar?barrio=relajante');
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('relajante');
});

test("the 'Buscar' button searches too, trimming the text", async ({ page }) => {
  await heroBox(page).fill('  Recoleta ');
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL('/buscar?barrio=Recoleta');
  await expect(page.getByLabel('Zona', { exact: true })).toHaveValue('recoleta');
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
    ['Acompañantes', '/buscar?categoria=escorts'],
    ['Masajes', '/buscar?categoria=masajes'],
    ['Citas', '/buscar?categoria=encuentros'],
    ['Trans', '/buscar?categoria=trans'],
    ['Taxi Boys', '/buscar?categoria=taxi-boys'],
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
