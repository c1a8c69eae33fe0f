// Cookie consent: the banner after the age gate (a compact bar on a phone), its three choices and what they store,
// and nothing after it on a first visit: the age gate is its one interruption (decisions.md).
import type { Page } from '@playwright/test';
import { test, expect, asReturningVisitor, localStorageOf, waitForHydration } from './fixtures.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Usamos cookies.' });
const appDialog = (page: Page) => page.getByRole('dialog', { name: 'Descargá la app de Velada' });

test('the banner appears only after the age gate is passed', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/politicas-privacidad#cookies');
});

test.describe('for a visitor past the age gate', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page, { consent: false });
    await page.goto('/');
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
  });

  test("'Aceptar todas' stores the consent and new ids", async ({ page }) => {
    await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
    await expect(banner(page)).toHaveCount(0);
    const stored = await localStorageOf(page);
    expect(stored.cookieConsent).toBe('accepted');
    expect(JSON.parse(stored.cookiePreferences!)).toEqual({ necessary: true, analytics: true, marketing: true });
    expect(stored.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sessionId).not.toBe(stored.visitorId);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("'Rechazar' stores the refusal and no visitor id", async ({ page }) => {
    await banner(page).getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner(page)).toHaveCount(0);
    const stored = await localStorageOf(page);
    expect(stored.cookieConsent).toBe('rejected');
    expect(JSON.parse(stored.cookiePreferences!)).toEqual({ necessary: true, analytics: false, marketing: false });
    expect(stored.visitorId).toBeUndefined();
    expect(stored.sessionId).toBeUndefined();
  });

  test("'Personalizar' saves the chosen categories as 'customized'", async ({ page }) => {
    await banner(page).getByRole('button', { name: 'Personalizar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferencias de cookies' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Necesarias (siempre activas)')).toBeChecked();
    await expect(dialog.getByLabel('Necesarias (siempre activas)')).toBeDisabled();
    const analytics = dialog.getByLabel('Análisis');
    await expect(analytics).not.toBeChecked();
    await dialog.getByLabel('Marketing').check();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toHaveCount(0);

    const stored = await localStorageOf(page);
    expect(stored.cookieConsent).toBe('customized');
    expect(JSON.parse(stored.cookiePreferences!)).toEqual({ necessary: true, analytics: false, marketing: true });
    expect(stored.visitorId).toBeUndefined();
  });

  test('nothing follows the choice on a first visit: no app dialog, no install offer', async ({ page }) => {
    // A paused fake clock: the seed opened "Descargá la app" 1.5 s after the choice; ten seconds pass here.
    await page.clock.install();
    await page.reload();
    await waitForHydration(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await banner(page).getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(appDialog(page)).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Instalá Velada' })).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the cookie choice is a compact bar after the gate: a quarter of the screen at most', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    await expect(banner(page)).toBeVisible();
    const box = (await banner(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 / 4);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    for (const name of ['Personalizar', 'Rechazar', 'Aceptar todas']) {
      const button = (await banner(page).getByRole('button', { name }).boundingBox())!;
      expect(button.height, name).toBeGreaterThanOrEqual(44);
    }
    await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Instalá Velada' })).toHaveCount(0);
  });
});

test("the home's 'Descargar App' button opens the same dialog", async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Descargar App' }).click();
  const dialog = appDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Ver guía PDF' })).toHaveAttribute('href', '/guia-instalacion');
  await dialog.getByRole('button', { name: 'Ahora no' }).click();
  await expect(dialog).toBeHidden();
});
