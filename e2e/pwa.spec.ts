// The installable app: manifest and icons, the service worker, the offline page, the install offer (never on a first
// visit or a computer; Chromium's beforeinstallprompt, the iOS steps) and the toasts' F8 shortcut.
import { devices, type Page } from '@playwright/test';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';

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

const installOffer = (page: Page) => page.getByRole('complementary', { name: 'Instalá Velada' });

/** A visitor past the gate and the cookie choice who came `sessions` times before this visit. */
async function asVisitorOfSessions(page: Page, sessions: number): Promise<void> {
  await asReturningVisitor(page);
  await page.addInitScript((before) => {
    if (!localStorage.getItem('visitLastSeen')) localStorage.setItem('visitSessions', String(before));
  }, sessions);
}

/** As if the visitor's last page were more than half an hour ago: the next page starts a new session. */
const halfAnHourLater = (page: Page) => page.evaluate(() => localStorage.setItem('visitLastSeen', String(Date.now() - 31 * 60_000)));

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('no install offer on a first visit, even when the browser offers installation, in any tab', async ({ page, context }) => {
    await asVisitorOfSessions(page, 0);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
    await offerInstall(page);
    await page.waitForTimeout(500);
    await expect(installOffer(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('visitSessions'))).toBe('1');
    // An ad opened in a new tab is the same visit.
    const tab = await context.newPage();
    await tab.goto('/buscar');
    await expect(tab.locator('#site-overlays[data-ready]')).toHaveCount(1);
    await offerInstall(tab);
    await tab.waitForTimeout(500);
    await expect(installOffer(tab)).toHaveCount(0);
    expect(await tab.evaluate(() => localStorage.getItem('visitSessions'))).toBe('1');
  });

  test('from the second session, one offer; "Ahora no" puts it away for good', async ({ page, context }) => {
    await asVisitorOfSessions(page, 1);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
    await expect(installOffer(page)).toHaveCount(0);
    await offerInstall(page);
    await expect(installOffer(page)).toBeVisible();
    await expect(installOffer(page)).toContainText('Accedé más rápido desde tu pantalla de inicio.');
    await expect(installOffer(page).getByText('Agregar a inicio')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await installOffer(page).getByRole('button', { name: 'Instalar' }).click();
    await expect(installOffer(page)).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);

    // Once a session: a reload gets no second offer; the home's button still installs.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
    await offerInstall(page);
    await page.waitForTimeout(500);
    await expect(installOffer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Descargar App' }).click();
    await expect(page.getByRole('dialog', { name: 'Descargá la app de Velada' }).getByRole('button', { name: 'Instalar' })).toBeVisible();

    // A new session (half an hour later) offers again; "Ahora no" there is for good.
    await halfAnHourLater(page);
    const again = await context.newPage();
    await again.goto('/');
    await expect(again.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
    await offerInstall(again);
    await expect(installOffer(again)).toBeVisible();
    await installOffer(again).getByRole('button', { name: 'Ahora no' }).click();
    await expect(installOffer(again)).toHaveCount(0);
    expect(await again.evaluate(() => localStorage.getItem('installOfferDismissed'))).toBe('true');
    await halfAnHourLater(again);
    const later = await context.newPage();
    await later.goto('/');
    await expect(later.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
    await offerInstall(later);
    await later.waitForTimeout(500);
    await expect(installOffer(later)).toHaveCount(0);
  });

  test('a favourite earns the offer on a first visit', async ({ page }) => {
    await asVisitorOfSessions(page, 0);
    await page.goto('/buscar');
    await waitForHydration(page);
    await expect(page.locator('#site-overlays[data-ready]')).toHaveCount(1);
    await offerInstall(page);
    await expect(installOffer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
    await expect(installOffer(page)).toBeVisible();
  });

  test('an offer made while the age gate is open waits for its answer, then for the cookie choice', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('visitSessions', '1'));
    await page.goto('/');
    await waitForHydration(page);
    // Chromium makes its one offer of the page about when the page loads, long before a visitor answers the gate.
    await offerInstall(page);
    await expect(installOffer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    const banner = page.getByRole('region', { name: 'Usamos cookies.' });
    await expect(banner).toBeVisible();
    await expect(installOffer(page)).toHaveCount(0);
    await banner.getByRole('button', { name: 'Rechazar' }).click();
    await expect(installOffer(page)).toBeVisible();
    await installOffer(page).getByRole('button', { name: 'Instalar' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
  });
});

test('no install offer on a computer, even from the second session and after a favourite', async ({ page }) => {
  await asVisitorOfSessions(page, 3);
  await page.addInitScript(() => localStorage.setItem('installOfferEarned', 'true'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Descargar App' })).toBeEnabled();
  await offerInstall(page);
  await page.waitForTimeout(500);
  await expect(installOffer(page)).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  const iPhone = devices['iPhone 13'];
  test.use({ userAgent: iPhone.userAgent, viewport: iPhone.viewport, hasTouch: true, isMobile: true });

  test('the offer gives the steps to add Velada to the home screen, from the second session', async ({ page }) => {
    await asVisitorOfSessions(page, 1);
    await page.goto('/');
    await expect(installOffer(page)).toBeVisible();
    await expect(installOffer(page)).toContainText('Tocá Compartir y elegí «Agregar a inicio».');
    await expect(installOffer(page).getByRole('button', { name: 'Instalar' })).toHaveCount(0);
    await installOffer(page).getByRole('button', { name: 'Ahora no' }).click();
    await expect(installOffer(page)).toHaveCount(0);
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
