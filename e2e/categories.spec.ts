// The five category routes answer with a 301 to the search of their category, with or without JavaScript.
import { CATEGORIES } from '#shared/catalogue.ts';
import { test, expect, asReturningVisitor } from './fixtures.ts';

for (const category of CATEGORIES) {
  test(`${category.route} is a 301 to the search of ${category.label}`, async ({ page, request }) => {
    const response = await request.get(category.route, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe(`/buscar?categoria=${category.value}`);

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
    test(`${category.route} still leads to the search`, async ({ page }) => {
      await page.goto(`${category.route}/`);
      await expect(page).toHaveURL(`/buscar?categoria=${category.value}`);
      await expect(page.getByLabel('Categoría')).toHaveValue(category.value);
    });
  }
});
