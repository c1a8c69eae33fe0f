// Service times as people meet them (docs/decisions/065-service-times.md): an advertiser whose identity verification
// and ad wait for staff sees, beside each, the median wait of the last 7 days; /transparencia shows the median and
// 95th percentile of each kind and when they were computed. The spec records decisions with known waits, runs the
// hourly computation itself (the server's job ran at its start) and compares the pages with what it stored.
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  signInAsAdvertiser,
  asReturningVisitor,
} from './fixtures.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { refreshServiceTimes, storedServiceTimes } from '#core/service-times/service-times.ts';
import { SERVICE_KINDS, serviceTimeText, usualWaitText } from '#shared/contracts/public/service-times.ts';
import { translator } from '#shared/i18n/translate.ts';
import type { Knex } from 'knex';

const HOUR = 3_600_000;
const AD_TITLE = 'Masajes descontracturantes en revisión';

/** A decided identity verification: submitted `hours` before it was decided, two hours before the current hour began. */
async function decidedVerification(db: Knex, advertiserId: number, hours: number): Promise<void> {
  const decided = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
  await db('verification_requests').insert({
    advertiser_id: advertiserId,
    method: 'manual',
    full_name: 'Persona de Prueba',
    birth_date: '1990-01-01',
    status: 'approved',
    submitted_at: new Date(decided.getTime() - hours * HOUR),
    decided_at: decided,
  });
}

let person: Awaited<ReturnType<typeof insertVerifiedAdvertiser>>;

test.beforeAll(async ({ db }) => {
  const decided = await insertVerifiedAdvertiser(db, { fullName: 'Julia Decidida' });
  await decidedVerification(db, decided.id, 3);
  await decidedVerification(db, decided.id, 26);
  // An ad review decided after 2 h 10 min, at the same time.
  const reviewed = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
  await db('ad_reviews').insert({ ad_id: null, submitted_at: new Date(reviewed.getTime() - 130 * 60_000), decided_at: reviewed });
  // The advertiser whose verification and ad wait for staff.
  person = await insertVerifiedAdvertiser(db, { fullName: 'Lucía Espera' });
  await db('advertisers').where('id', person.id).update({ verification_status: 'pending', verified_at: null });
  await db('verification_requests').insert({
    advertiser_id: person.id,
    method: 'manual',
    full_name: 'Lucía Espera',
    birth_date: '1993-05-20',
    status: 'pending',
    submitted_at: new Date(Date.now() - HOUR),
  });
  await insertAd(db, person.id, { title: AD_TITLE, state: 'pending' });
  await refreshServiceTimes(db);
});

test('an advertiser sees the usual wait beside a pending verification and an ad in review', async ({ page, db }) => {
  await signInAsAdvertiser(page, person);
  const stored = (await storedServiceTimes(db))!;
  expect(stored.times.identity_verification.medianMs).not.toBeNull();

  const verification = page.getByRole('region', { name: 'Verificación de identidad' });
  await expect(verification).toContainText('Tu verificación está en revisión.');
  await expect(verification.locator('.usual-wait')).toHaveText(usualWaitText(stored.times.identity_verification.medianMs));
  await expect(verification.locator('.usual-wait')).toContainText(/^Espera habitual: \d/);

  const ad = page.locator('.account-ads__item', { hasText: AD_TITLE });
  await expect(ad).toContainText('En revisión');
  expect(stored.times.ad_review.medianMs).not.toBeNull();
  await expect(ad.locator('.usual-wait')).toHaveText(usualWaitText(stored.times.ad_review.medianMs));

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('mi-cuenta-escritorio.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('mi-cuenta-telefono.png'), fullPage: true });

  await page.goto('/mi-cuenta/verificacion');
  await expect(page.locator('.usual-wait')).toHaveText(usualWaitText(stored.times.identity_verification.medianMs));
});

for (const width of [1280, 390]) {
  test(`/transparencia shows the stored median and 95th percentile of each kind, and when (${width} px)`, async ({ page, db }) => {
    await asReturningVisitor(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/transparencia');
    const stored = (await storedServiceTimes(db))!;
    const section = page.getByRole('region', { name: 'Tiempos de respuesta de los últimos 7 días' });
    await expect(page.getByRole('heading', { level: 2, name: 'Tiempos de respuesta' })).toBeVisible();
    for (const kind of SERVICE_KINDS) {
      const row = section.locator(`tr[data-kind="${kind}"]`);
      await expect(row.getByRole('rowheader')).toContainText(translator('es')(`serviceTimes.${kind}`));
      await expect(row.locator('[data-figure="median"]')).toHaveText(serviceTimeText(stored.times[kind].medianMs));
      await expect(row.locator('[data-figure="p95"]')).toHaveText(serviceTimeText(stored.times[kind].p95Ms));
      await expect(row.locator('[data-figure="decisions"]')).toHaveText(stored.times[kind].decisions.toLocaleString('es-AR'));
    }
    const hour = new Intl.DateTimeFormat('es-AR', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Argentina/Buenos_Aires',
    }).format(new Date(stored.computedAt));
    expect(hour).toMatch(/^\d\d:00$/);
    await expect(page.getByText(`Actualizado a las ${hour} del`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`transparencia-tiempos-${width}.png`), fullPage: true });
  });
}
