// Shared steps of the panel's end-to-end tests: signing in, opening a section, the toasts, reading the CSV that
// 'Exportar' downloads, and the shape of a table on a computer (every column in view) and on a phone (cards).
import fs from 'node:fs';
import type { Cookie, Page } from '@playwright/test';
import { totpCode, totpStep } from '#core/second-step/totp.ts';
import { expect, waitForHydration } from './fixtures.ts';

export const SUPER_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

export async function openLogin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await waitForHydration(page);
}

/**
 * The device cookie each staff account got at its last sign-in in this worker. A staff member's browser keeps it,
 * and with it the account-wide delays for sign-ins from unknown browsers (docs/security.md) do not apply; without
 * it every test would be a new browser, and the suite's sign-ins would look like an attack on the account.
 */
const knownDevices = new Map<string, Cookie>();
const DEVICE_COOKIE = 'velada_admin_dispositivo';

/**
 * Types the credentials and presses 'Acceder al Panel'. A staff member without a second step (not one of the servers'
 * STAFF_WITHOUT_SECOND_STEP, e2e/servers.ts) then sets one up as a person would (decision 069): an authenticator app
 * whose code is computed here, and the recovery codes kept; `setUp: false` leaves that screen to the spec.
 */
export async function login(page: Page, username: string, password: string, options: { setUp?: boolean } = {}): Promise<void> {
  const known = knownDevices.get(username);
  if (known) await page.context().addCookies([known]);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/login');
  await page.getByRole('button', { name: 'Acceder al Panel' }).click();
  if (!(await answer).ok()) return;
  // The answer's body is gone once the page moves on to the panel: what comes next is read from the page.
  const setUpScreen = page.getByRole('heading', { name: 'Protegé tu cuenta del panel' });
  const next = await Promise.race([
    page.waitForURL(/\/admin\/dashboard$/).then(() => 'done'),
    setUpScreen.waitFor().then(() => 'setup'),
    page
      .getByRole('heading', { name: 'Confirmá que sos vos' })
      .waitFor()
      .then(() => 'second-step'),
  ]).catch(() => 'unknown');
  if (next === 'setup' && options.setUp !== false) await setUpAuthenticatorApp(page);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE);
  if (device) knownDevices.set(username, device);
}

/** The first sign-in's set-up with an authenticator app: its secret read from the page, its code computed. */
export async function setUpAuthenticatorApp(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Usar una app de autenticación' }).click();
  const secret = (await page.locator('.totp-setup__secret code').innerText()).replace(/\s/g, '');
  await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret, totpStep(new Date())));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByLabel('Los guardé en un lugar seguro').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return secret;
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await openLogin(page);
  await login(page, username, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen general' })).toBeVisible();
}

export async function openSection(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Clicks 'Exportar' and reads the downloaded CSV: its name, whether it starts with a BOM, and its rows. */
export async function exportCsv(page: Page): Promise<{ name: string; bom: boolean; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
  const text = await fs.promises.readFile((await download.path())!, 'utf8');
  const rows: string[][] = [];
  // A small reader for what toCsv writes: ';' separators, CRLF rows, "" inside quoted cells.
  for (const line of text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)) {
    rows.push(
      [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)]
        .slice(0, -1)
        .map(([, cell]) => cell!.replace(/^"|"$/g, '').replaceAll('""', '"')),
    );
  }
  return { name: download.suggestedFilename(), bom: text.startsWith('\uFEFF'), rows };
}

export const toast = (page: Page, title: string) => page.locator('.toast').filter({ hasText: title });

/**
 * On a computer (1280×800): every column header of the table in the region is on screen, inside the region's box, and
 * nothing scrolls sideways, neither the table in its region nor the page.
 */
export async function expectEveryColumnInView(page: Page, region: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const table = page.getByRole('region', { name: region });
  const headers = table.getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  const box = (await table.boundingBox())!;
  for (const header of await headers.all()) {
    await expect(header).toBeVisible();
    const cell = (await header.boundingBox())!;
    expect(cell.x, await header.innerText()).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(cell.x + cell.width, await header.innerText()).toBeLessThanOrEqual(Math.min(box.x + box.width, 1280) + 0.5);
  }
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

/**
 * On a phone (390×844): each row of the table in the region is a card within the screen, each value labelled with
 * its column's name (buttons aside), and nothing scrolls sideways.
 */
export async function expectRowsAsCards(page: Page, region: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.getByRole('region', { name: region });
  const headers = (await table.getByRole('columnheader').allTextContents()).filter((h) => h !== 'Acciones');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const card = await rows.first().evaluate((row) => ({
    display: getComputedStyle(row).display,
    labels: [...row.children].filter((c) => c.hasAttribute('data-label')).map((c) => getComputedStyle(c, '::before').content),
  }));
  expect(card.display).toBe('grid');
  expect(card.labels).toEqual(headers.map((h) => JSON.stringify(h)));
  const box = (await rows.first().boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  if ((await rows.count()) > 1) expect((await rows.nth(1).boundingBox())!.y).toBeGreaterThanOrEqual(box.y + box.height);
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}
