// Shared steps of the panel's end-to-end tests: signing in, opening a section, the toasts, and reading the CSV
// that 'Exportar' downloads.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures.ts';

export const SUPER_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

export async function openLogin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await waitForHydration(page);
}

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder al Panel' }).click();
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await openLogin(page);
  await login(page, username, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen General' })).toBeVisible();
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
