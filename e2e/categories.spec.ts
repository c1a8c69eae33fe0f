// The five category routes: a 'Buscando {categoría} CABA...' screen that sends the browser to the search,
// with a meta refresh so that it works without JavaScript too.
import { CATEGORIES } from '#shared/catalogue.ts';
import { test, expect, asReturningVisitor } from './fixtures.ts';

for (const category of CATEGORIES) {
  test(`${category.route} shows 'Buscando ${category.label} CABA...' and redirects to the search`, async ({ page, request }) => {
    const response = await request.get(category.route);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Buscando ${category.label} CABA...`);
    expect(html).toMatch(new RegExp(`<meta http-equiv="refresh" content="0;url=/buscar\\?categoria=${category.value}"`));

    await asReturningVisitor(page);
    await page.goto(category.route);
    await expect(page).toHaveURL(`/buscar?categoria=${category.value}`);
    await expect(page.getByLabel('Categoría')).toHaveValue(category.value);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${category.label} en CABA`);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const category of CATEGORIES) {
    test(`${category.route} still redirects`, async ({ page }) => {
      await page.goto(category.route);
      await expect(page).toHaveURL(`/buscar?categoria=${category.value}`);
      await expect(page.getByLabel('Categoría')).toHaveValue(category.value);
    });
  }
});
