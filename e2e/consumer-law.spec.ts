// The consumer's buttons (docs/decisions/068-consumer-law.md): a visitor follows the home page's footer link
// "Botón de arrepentimiento", revokes a purchase without signing in and gets a code at once; staff see the request
// in Pagos and mark it refunded. And the "Botón de baja" answers with a code. Runs in the 'account-rights' group.
import { test, expect, expectNoSeriousA11yViolations, asReturningVisitor, insertVerifiedAdvertiser, waitForHydration } from './fixtures.ts';
import { expectEveryColumnInView, expectRowsAsCards, openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { insertAd } from '#tooling/factories/index.ts';

const DAY = 86_400_000;

test('a visitor revokes a purchase from the home page’s link and gets a code; staff see it in Pagos and refund it', async ({
  page,
  db,
}) => {
  // A whole journey, visitor then staff, with axe three times: slow on a busy 2-core machine.
  test.setTimeout(180_000);
  const buyer = await insertVerifiedAdvertiser(db, { fullName: 'Clara Compradora' });
  const adId = await insertAd(db, buyer.id, { category: 'masajes', title: 'Masajes relajantes en Caballito' });
  const now = new Date();
  await db('ads')
    .where('id', adId)
    .update({ plan: 'vip', plan_expires_at: new Date(now.getTime() + 29 * DAY) });
  const reference = `VEL-E2E${String(adId).padStart(5, '0')}`;
  await db('payments').insert({
    advertiser_id: buyer.id,
    ad_id: adId,
    amount: 25000,
    description: 'Plan VIP (30 días) para «Masajes relajantes en Caballito»',
    payment_method: 'transfer',
    status: 'completed',
    plan: 'vip',
    reference,
    processed_at: new Date(now.getTime() - DAY),
    created_at: new Date(now.getTime() - DAY),
  });

  await asReturningVisitor(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Botón de arrepentimiento' }).click();
  await expect(page).toHaveURL(/\/arrepentimiento$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Nothing typed: each field says what it needs; a wrong address says the pair is unknown and records nothing.
  await page.getByRole('button', { name: 'Arrepentirme de la compra' }).click();
  await expect(page.getByText('Escribí la referencia de la compra (empieza con VEL-).')).toBeVisible();
  await expect(page.getByLabel(/Referencia de la compra/)).toBeFocused();
  await page.getByLabel(/Referencia de la compra/).fill(reference.toLowerCase());
  await page.getByLabel('Email de tu cuenta').fill('otra.persona@ejemplo.com');
  await page.getByRole('button', { name: 'Arrepentirme de la compra' }).click();
  await expect(page.getByText(/No encontramos una compra con esa referencia para ese email/)).toBeVisible();
  expect(await db('revocation_requests').where('payment_reference', reference)).toHaveLength(0);

  await page.getByLabel('Email de tu cuenta').fill(buyer.email);
  await page.getByRole('button', { name: 'Arrepentirme de la compra' }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'Registramos tu arrepentimiento' });
  await expect(receipt).toBeVisible();
  const code = (await receipt.locator('strong').innerText()).trim();
  expect(code).toMatch(/^ARR-[0-9A-Z]{6}$/);
  await expect(receipt).toContainText('Te vamos a devolver $');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await db('revocation_requests').where({ payment_reference: reference, code })).toHaveLength(1);
  expect(await db('ads').where('id', adId).first()).toMatchObject({ plan: 'gratuito' });

  // Staff: the request in Pagos, every column in view on a computer and a card on a phone; refunded once, audited.
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Pagos');
  const table = page.getByRole('region', { name: 'Tabla de arrepentimientos' });
  const row = table.locator('tbody tr').filter({ hasText: code });
  await expect(row).toContainText('Pendiente de reembolso');
  await expect(row).toContainText(reference);
  await expect(row).toContainText('Clara Compradora');
  await expectEveryColumnInView(page, 'Tabla de arrepentimientos');
  await expectRowsAsCards(page, 'Tabla de arrepentimientos');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('button', { name: `Marcar como reembolsado el pedido ${code}` }).click();
  await expect(toast(page, 'Arrepentimiento marcado como reembolsado')).toBeVisible();
  await expect(row).toContainText('Reembolsado');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(await db('revocation_requests').where('code', code).first()).toMatchObject({ status: 'refunded' });
  expect(await db('audit_log').where({ action: 'revocation_refunded' })).not.toHaveLength(0);
});

test('the Botón de baja answers with a code at once, from the footer', async ({ page }) => {
  test.setTimeout(120_000);
  await asReturningVisitor(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Botón de baja' }).click();
  await expect(page).toHaveURL(/\/baja$/);
  await waitForHydration(page);
  await page.getByLabel('Email de tu cuenta').fill('nadie.en.particular@ejemplo.com');
  await page.getByRole('button', { name: 'Pedir la baja' }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'Registramos tu pedido de baja' });
  await expect(receipt.locator('strong')).toHaveText(/^BAJ-[0-9A-Z]{6}$/);
  await expectNoSeriousA11yViolations(page);
});
