// The installable app: manifest and icons, the service worker, the offline page, the install prompt
// (Chromium's beforeinstallprompt and the iOS instructions) and the toasts' F8 shortcut.
import { devices, type Page } from '@playwright/test';
import { test, expect, asReturningVisitor, waitForHydration } from './fixtures.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest names Velada in es-AR, with 192, 512 and maskable PNG icons', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Velada', short_name: 'Velada', lang: 'es-AR', start_url: '/', display: 'standalone' });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
});

test('the apple-touch-icon is a 180x180 PNG', async ({ request }) => {
  const response = await request.get('/icons/apple-touch-icon.png');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(pngSize(await response.body())).toEqual({ width: 180, height: 180 });
});

test('/offline answers with the offline page', async ({ page }) => {
  const response = await page.goto('/offline');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin conexión');
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/service-worker.js is served as JavaScript, registered by the page, and serves the offline page', async ({ page, request }) => {
    const response = await request.get('/service-worker.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers()['cache-control']).toContain('must-revalidate');

    await asReturningVisitor(page);
    await page.goto('/');
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scriptURL: ready.active?.scriptURL ?? '', scope: ready.scope };
    });
    expect(new URL(registration.scriptURL).pathname).toBe('/service-worker.js');
    expect(new URL(registration.scope).pathname).toBe('/');

    // Installed, it answers navigations without a connection with the offline page.
    await page.context().setOffline(true);
    await page.goto('/buscar?categoria=trans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin conexión');
    await page.context().setOffline(false);
  });
});

/** Fires a beforeinstallprompt like Chromium's, recording calls to prompt() in window.__prompted. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { __prompted: number }).__prompted = ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}

test('the install prompt appears when the browser offers installation, once per session', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/');
  // The overlays enable 'Descargar App' once their effects (the install listener among them) ran.
  await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
  const prompt = page.getByRole('complementary', { name: 'Instalá Velada' });
  await expect(prompt).toHaveCount(0);

  await offerInstall(page);
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Accedé más rápido desde tu pantalla de inicio.');
  expect(await page.evaluate(() => sessionStorage.getItem('pwa-prompt-shown'))).toBe('true');
  await prompt.getByRole('button', { name: 'Instalar' }).click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);

  // Same tab after a reload: the browser offers again, the prompt stays away; the offer itself still works.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
  await offerInstall(page);
  await page.getByRole('button', { name: 'Descargar App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Descargá la app de Velada' });
  await expect(dialog.getByRole('button', { name: 'Instalar' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test('an install offer made while the age gate is open is shown once the gate is answered', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  // Chromium makes its one offer of the page about when the page loads, long before a visitor answers the gate.
  await offerInstall(page);
  const prompt = page.getByRole('complementary', { name: 'Instalá Velada' });
  await expect(prompt).toHaveCount(0);
  await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Instalar' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test("a toast explains 'Agregar a inicio'", async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Notificaciones (F8)' });
    await expect(region.getByRole('status')).toContainText('Instalá Velada en tu iPhone');
    await expect(region.getByRole('status')).toContainText('Agregar a inicio');
    expect(await page.evaluate(() => sessionStorage.getItem('pwa-prompt-shown'))).toBe('true');
  });
});

test('F8 moves the focus to the notifications region', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notificaciones (F8)' })).toBeFocused();
});
