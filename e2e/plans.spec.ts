// Buying VIP as an advertiser would: the plans page, sign-in, the ad and the plan, a bank transfer with its receipt;
// staff processing it into the active account; the ad then first in its category, on the home's featured strip and
// in the search banner; and, with the clock moved past the plan's end, back in the normal order. Runs last (the
// 'plans' project): it changes which ads are VIP, and the moved clock expires listings.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  expectedSearch,
  resultCards,
  waitForHydration,
  showWholeFeaturedStrip,
  serverDataDir,
} from './fixtures.ts';
import { signIn, openSection, toast, SUPER_PASSWORD } from './admin-helpers.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertedId } from '#db/dialect.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { runPlanLifecycle } from '#core/plans/plan-lifecycle.ts';
import { addDays } from '#shared/plans.ts';
import fs from 'node:fs';
import path from 'node:path';

test.describe.configure({ mode: 'serial' });

const CATEGORY = 'taxi-boys';
const TITLE = 'Tomás, compañía para cenas en Coghlan';
const EMAIL = `vip.${Date.now()}@ejemplo.com`;
const PASSWORD = 'clave-del-vip-1';
let adId: number;
let reference: string;

const firstResultTitle = (page: Page) => resultCards(page).first().locator('.result__title');
const banner = (page: Page) => page.getByRole('complementary', { name: 'Anuncio VIP destacado' });

function latestMailTo(to: string): string {
  const outbox = path.join(serverDataDir(), 'outbox');
  for (const file of fs.readdirSync(outbox).sort().reverse()) {
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (raw.includes(`To: ${to}`)) return raw.replace(/=\r?\n/g, '');
  }
  return '';
}

test.beforeAll(async ({ db }) => {
  // A verified advertiser with a published free ad, in a category where no other ad has VIP in force.
  const now = new Date();
  const [row] = await db('advertisers')
    .insert({
      email: EMAIL,
      full_name: 'Tomás Destacado',
      password_hash: await hashPassword(PASSWORD),
      birth_date: '1994-03-10',
      verification_status: 'verified',
      verified_at: now,
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  adId = await insertAd(db, insertedId(row), { title: TITLE, category: CATEGORY, barrio: 'coghlan', publishedAt: addDays(now, -1) });
  const otherVips: number[] = await db('ads').where({ category: CATEGORY, plan: 'vip' }).whereNot('id', adId).pluck('id');
  await db('ads').whereIn('id', otherVips).update({ plan: 'premium' });
});

test('an advertiser buys VIP by bank transfer and attaches the receipt', async ({ page, db }) => {
  await asReturningVisitor(page);
  await page.goto('/aumentar-visibilidad');
  await page.getByRole('link', { name: 'Elegir VIP' }).click();
  await expect(page).toHaveURL(/\/ingresar\?volver=/);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mi-cuenta/comprar-plan');
  await waitForHydration(page);

  await expect(page.getByRole('heading', { name: 'Destacá tu anuncio' })).toBeVisible();
  await expect(page.getByLabel('Anuncio')).toHaveValue(String(adId));
  await expect(page.getByRole('radio', { name: /VIP · \$\s?25\.000 por 30 días/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Transferencia bancaria/ })).toBeChecked();
  // MercadoPago is not configured in this server: it is not offered.
  await expect(page.getByRole('radio', { name: /MercadoPago/ })).toHaveCount(0);
  await expect(page.getByText(/Total: \$\s?25\.000/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continuar al pago' }).click();

  await page.waitForURL(/\/mi-cuenta\/pagos\/VEL-[0-9A-Z]{8}$/);
  reference = new URL(page.url()).pathname.split('/').at(-1)!;
  await waitForHydration(page);
  const payment = await db('payments').where('reference', reference).first();
  expect(payment).toMatchObject({ ad_id: adId, plan: 'vip', amount: 25000, status: 'pending', payment_method: 'transfer' });
  const account = await db('bank_accounts').where('active', true).first();
  await expect(page.getByRole('heading', { level: 1, name: `Pago ${reference}` })).toBeVisible();
  const transfer = page.getByRole('region', { name: 'Transferencia bancaria' });
  await expect(transfer).toContainText(account.account_holder);
  await expect(transfer).toContainText(account.cbu);
  await expect(transfer).toContainText(account.alias);
  await expect(transfer).toContainText(reference);
  await expect(transfer.getByRole('button', { name: 'Copiar CBU' })).toBeVisible();
  await expect(transfer.getByRole('button', { name: 'Copiar Referencia' })).toBeVisible();

  // Not a receipt: refused with a message, nothing stored.
  const receipt = page.getByLabel('Comprobante de la transferencia (opcional)');
  await receipt.setInputFiles({ name: 'comprobante.pdf', mimeType: 'application/pdf', buffer: Buffer.from('esto no es un PDF') });
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByText('El comprobante tiene que ser una imagen (JPG, PNG o WebP) o un PDF.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver comprobante' })).toHaveCount(0);

  const picture = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#e8e8e8' } })
    .png()
    .toBuffer();
  await receipt.setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: picture });
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByText('Recibimos tu comprobante.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver comprobante' })).toBeVisible();
  // Kept re-encoded (no metadata), as the link serves it.
  const kept = await page.request.get((await page.getByRole('link', { name: 'Ver comprobante' }).getAttribute('href'))!);
  expect(kept.headers()['content-type']).toBe('image/webp');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/mi-cuenta');
  await expect(
    page.getByRole('region', { name: 'Mis pagos' }).getByRole('link', { name: new RegExp(`Plan VIP \\(30 días\\) para «${TITLE}»`) }),
  ).toBeVisible();
});

test('staff process the payment into the active account and the advertiser is told', async ({ page, db }) => {
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Pagos');
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row.getByRole('link', { name: `Ver comprobante del pago ${reference}` })).toBeVisible();
  await row.getByRole('button', { name: `Procesar el pago ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Procesar pago' });
  const account = await db('bank_accounts').where('active', true).first();
  await expect(dialog.getByLabel('Cuenta bancaria de destino')).toHaveValue(String(account.id));
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page, 'Pago procesado')).toBeVisible();
  await expect(row).toContainText('Completado');
  const ad = await db('ads').where('id', adId).first();
  expect(ad.plan).toBe('vip');
  expect(new Date(ad.plan_expires_at).getTime()).toBeGreaterThan(addDays(new Date(), 29).getTime());
  await expect.poll(() => latestMailTo(EMAIL)).toContain(`Confirmamos tu pago ${reference}`);
});

test('the VIP ad is first in its category, on the home strip and in the search banner; after its end, back to normal', async ({
  page,
  db,
}) => {
  await asReturningVisitor(page);
  await page.goto(`/buscar?categoria=${CATEGORY}`);
  await expect(firstResultTitle(page)).toHaveText(TITLE);
  await expect(resultCards(page).first().locator('.badge-vip')).toBeVisible();
  await expect(banner(page)).toContainText(TITLE);
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Destacados VIP' });
  await expect(strip.getByRole('heading', { name: 'Destacados VIP' })).toBeVisible();
  await showWholeFeaturedStrip(page);
  await expect(strip.getByRole('link', { name: TITLE })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The clock moved a minute past the plan's end: the job ends the plan; the ad stays up, on the free plan.
  const planEnd = new Date((await db('ads').where('id', adId).first()).plan_expires_at);
  await runPlanLifecycle(db, new Date(planEnd.getTime() + 60_000));
  expect(await db('ads').where('id', adId).first()).toMatchObject({ plan: 'gratuito', state: 'published' });

  await page.goto(`/buscar?categoria=${CATEGORY}`);
  const expected = await expectedSearch(db, `categoria=${CATEGORY}`);
  await expect(resultCards(page).locator('.result__title')).toHaveText(expected.ads.map((a) => a.title));
  // Back behind every ad of the category with a paid plan in force (when there are none, the normal order may
  // well put it first: it is recent).
  const titles = await resultCards(page).locator('.result__title').allTextContents();
  const paidTitles: string[] = await db('ads')
    .where({ category: CATEGORY, state: 'published' })
    .whereNot('plan', 'gratuito')
    .pluck('title');
  for (const paid of paidTitles.filter((t) => titles.includes(t))) expect(titles.indexOf(paid)).toBeLessThan(titles.indexOf(TITLE));
  await expect(page.locator('.result', { hasText: TITLE }).locator('.badge-vip')).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Destacados VIP' })).toBeVisible();
  await showWholeFeaturedStrip(page);
  await expect(page.getByRole('region', { name: 'Destacados VIP' }).getByRole('link', { name: TITLE })).toHaveCount(0);
});
