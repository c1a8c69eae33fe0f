// Cookie consent: the banner after the age gate, its three choices and what they store, and the app-download
// dialog that follows a choice 1.5 s later, once per device.
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

  test("'Aceptar todas' stores the consent and new ids, then offers the app 1.5 s later", async ({ page }) => {
    await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(appDialog(page)).toBeHidden();
    const stored = await localStorageOf(page);
    expect(stored.cookieConsent).toBe('accepted');
    expect(JSON.parse(stored.cookiePreferences!)).toEqual({ necessary: true, analytics: true, marketing: true });
    expect(stored.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sessionId).not.toBe(stored.visitorId);

    await expect(appDialog(page)).toBeVisible({ timeout: 5_000 });
    expect((await localStorageOf(page)).appDownloadPrompted).toBe('true');
    await appDialog(page).getByRole('button', { name: 'Ahora no' }).click();
    await expect(appDialog(page)).toBeHidden();

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
    await expect(appDialog(page)).toBeVisible({ timeout: 5_000 });
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
    await expect(appDialog(page)).toBeVisible({ timeout: 5_000 });
  });

  test('the app-download dialog opens 1.5 s after the choice and only once per device', async ({ page }) => {
    // A paused fake clock makes the 1.5 s exact: only runFor() moves time, however slow the machine is.
    await page.clock.install();
    await page.reload();
    await waitForHydration(page);
    // Far enough ahead that the page clock cannot already be past it when the call arrives.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await banner(page).getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(1_400);
    await expect(appDialog(page)).toBeHidden();
    await page.clock.runFor(200);
    await expect(appDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(appDialog(page)).toBeHidden();

    // A new choice on the same device (consent cleared, appDownloadPrompted kept) does not open it again.
    await page.evaluate(() => localStorage.removeItem('cookieConsent'));
    await page.reload();
    // The clock is paused: the overlays, loaded when the browser is idle (2 s at the latest), need it to move.
    await page.clock.runFor(2_000);
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
    await page.clock.runFor(10_000);
    await expect(appDialog(page)).toBeHidden();
    expect((await localStorageOf(page)).cookieConsent).toBe('accepted');
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
