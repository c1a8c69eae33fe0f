// The transparency report as a visitor finds it: from the footer's Seguridad column, figures per month from the first
// with data, the current one marked, the JSON download with the same figures, closed months equal to what the
// database holds, and readable on a phone. The demo data has no moderation history, so the spec writes the first
// record itself (e2e/transparency-data.ts) before the report is computed.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations } from './fixtures.ts';
import { FIRST_MONTH, monthFromNow, recordFirstReview } from './transparency-data.ts';
import type { Knex } from 'knex';

interface Month {
  month: string;
  current: boolean;
  hasData: boolean;
  adsApproved: number;
  reportsReceived: number;
  verificationsApproved: number;
}

/** A month's bounds as Buenos Aires midnights of the 1st (UTC-3). */
function bounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [new Date(`${month}-01T00:00:00-03:00`), new Date(`${next}-01T00:00:00-03:00`)];
}
async function count(db: Knex, table: string, column: string, month: string, where: Record<string, unknown>): Promise<number> {
  const [start, end] = bounds(month);
  const row = await db(table).where(where).where(column, '>=', start).where(column, '<', end).count({ n: '*' }).first();
  return Number(row!.n);
}

test.beforeAll(async ({ db }) => {
  await recordFirstReview(db);
});

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test('the footer leads to the report, whose figures match its download and the database', async ({ page, db }) => {
  await page.goto('/contacto');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Informe de transparencia' }).click();
  await page.waitForURL('**/transparencia');
  await expect(page.getByRole('heading', { level: 1, name: 'Informe de transparencia' })).toBeVisible();
  for (const name of ['Anuncios', 'Denuncias', 'Verificaciones de identidad', 'Cómo contamos'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  const download = await page.request.get('/transparencia.json');
  expect(download.ok()).toBe(true);
  const report = (await download.json()) as { months: Month[] };
  // From the first month with data to the current one, the months between listed though nothing happened in them.
  expect(report.months.map((m) => m.month)).toEqual([FIRST_MONTH, monthFromNow(-2), monthFromNow(-1), monthFromNow(0)]);
  expect(report.months[0]).toMatchObject({ hasData: true, reportsReceived: 0 });
  expect(report.months.filter((m) => m.current)).toEqual([report.months.at(-1)]);

  // Newest month first, the current one marked.
  const header = page.getByRole('region', { name: 'Anuncios por mes' }).getByRole('columnheader');
  await expect(header).toHaveCount(report.months.length + 1);
  await expect(header.nth(1)).toContainText('en curso');

  // The page shows the download's figures (one report serves both).
  const reports = page.getByRole('region', { name: 'Denuncias por mes' }).getByRole('row').filter({ hasText: 'Recibidas' });
  for (const m of report.months) {
    await expect(reports.locator(`td[data-month="${m.month}"]`)).toHaveText(m.reportsReceived.toLocaleString('es-AR'));
  }

  // Closed months equal the tables counted directly (other specs write only into the current month).
  for (const m of report.months.filter((x) => !x.current)) {
    expect(m.adsApproved, m.month).toBe(await count(db, 'audit_log', 'created_at', m.month, { action: 'ad_approved' }));
    expect(m.reportsReceived, m.month).toBe(await count(db, 'reports', 'created_at', m.month, {}));
    expect(m.verificationsApproved, m.month).toBe(await count(db, 'verification_requests', 'decided_at', m.month, { status: 'approved' }));
  }

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('transparencia-escritorio.png'), fullPage: true });
});

test('on a phone the table scrolls sideways with the figure names kept in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/transparencia');
  const region = page.getByRole('region', { name: 'Anuncios por mes' });
  await expect(region).toBeVisible();
  // The page itself does not scroll sideways: only the tables do.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('transparencia-telefono.png'), fullPage: true });
  await region.evaluate((el) => (el.scrollLeft = 400));
  await page.screenshot({ path: test.info().outputPath('transparencia-telefono-desplazada.png') });
});
