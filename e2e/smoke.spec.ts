import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations } from './fixtures.ts';

test('home renders for a returning visitor without the age gate', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos clasificados para adultos en CABA');
  await expect(page.locator('.age-gate')).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});
