// Plan purchases over HTTP. The advertiser's side, under /api/advertiser/payments: buy a plan for one of their
// published ads (a pending payment at the quoted price), see their payments, attach a transfer receipt, cancel a
// payment still waiting. MercadoPago's notifications arrive at POST /api/payments/mercadopago/webhook, checked
// by signature instead of by session.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes, type Routes } from '#api/http/route.ts';
import {
  adNotPublished,
  badNotificationSignature,
  higherPlanActive,
  type HttpError,
  invalidNotification,
  invalidQuote,
  mercadoPagoLookupFailed,
  mercadoPagoUnavailable,
  noActiveBankAccount,
  noSuchEndpoint,
  otherPaymentPending,
  ownAdNotFound,
  paymentMethodUnavailable,
  paymentNotFound,
  paymentNotPending,
  quoteExpired,
  receiptNotFound,
  receiptsUnavailable,
} from '#api/errors.ts';
import { oneFileForm } from '#api/http/read-multipart.ts';
import { idParams } from '#api/http/validate.ts';
import { deleteDocument, readDocument, readingKeys, storeDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers } from '#api/services/object-store/object-store.ts';
import { planLabel } from '#shared/plans.ts';
import {
  attachOwnReceipt,
  cancelOwnPayment,
  checkoutRedirect,
  findOwnPayment,
  listOwnPayments,
  ownPaymentReceipt,
  recordOwnCheckout,
} from '#core/payments/own-payments.ts';
import { buyPlan, presentPurchase, type BuyPlanResult } from '#core/payments/buy-plan.ts';
import { confirmFromMercadoPago, notificationReceived } from '#core/payments/mercadopago-confirmation.ts';
import { formatLongDate } from '#shared/format.ts';
import { checkedReceipt, MAX_RECEIPT_BYTES, receiptTooLarge, sendReceipt } from './receipts.ts';
import { checkNotificationSignature, MercadoPagoUnavailable, mercadoPagoClient, type MercadoPagoClient } from './mercadopago.ts';
import { mailPaymentConfirmed, paymentPagePath } from '#core/payments/confirmation-mail.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { purchaseBody, paymentQuery } from './schema.ts';

export const MERCADOPAGO_WEBHOOK_PATH = '/api/payments/mercadopago/webhook';
/** Receipt uploads take multipart forms (api/middleware/same-origin.ts). */
export const isReceiptUploadPath = (path: string) => /^\/api\/advertiser\/payments\/\d+\/receipt$/.test(path);

const MERCADOPAGO_OFF = 'MercadoPago no está disponible por ahora. Pagá por transferencia bancaria.';
const me = (ctx: Context) => signedInAdvertiser(ctx).id;

function refusal(result: Exclude<BuyPlanResult, { ok: true }>): HttpError {
  switch (result.reason) {
    case 'quote_expired':
      return quoteExpired();
    case 'invalid_quote':
      return invalidQuote();
    case 'mercadopago_off':
      return paymentMethodUnavailable(MERCADOPAGO_OFF, 'method');
    case 'no_bank_account':
      return noActiveBankAccount();
    case 'ad_missing':
      return ownAdNotFound();
    case 'ad_not_published':
      return adNotPublished();
    case 'higher_plan_active':
      return higherPlanActive(planLabel(result.plan), formatLongDate(result.until));
    case 'other_pending':
      return otherPaymentPending(result.reference, result.plan ? planLabel(result.plan) : null);
  }
}

/** A Checkout Pro page for one payment; a 502 with a Spanish message when MercadoPago does not answer. */
async function checkout(
  deps: RouterDeps,
  mercadoPago: MercadoPagoClient,
  payment: { reference: string; description: string; amount: number },
) {
  try {
    return await mercadoPago.createPreference({
      reference: payment.reference,
      title: payment.description,
      amount: payment.amount,
      backUrl: `${deps.config.siteOrigin}${paymentPagePath(payment.reference)}`,
      notificationUrl: `${deps.config.siteOrigin}${MERCADOPAGO_WEBHOOK_PATH}`,
    });
  } catch (err) {
    if (!(err instanceof MercadoPagoUnavailable)) throw err;
    console.error('MercadoPago preference failed:', err.message);
    throw mercadoPagoUnavailable();
  }
}

/** The key receipts are sealed with; without one, receipts are not taken. */
function receiptKey(deps: RouterDeps): Buffer {
  if (!deps.config.identityKey) throw receiptsUnavailable();
  return deps.config.identityKey;
}

/** The advertiser's own payments: list, buy a plan, follow one, cancel it, pay it through MercadoPago. */
function ownPaymentsRouter(deps: RouterDeps, mercadoPago: MercadoPagoClient | null): Router {
  const { router, route } = routes(deps, '/advertiser/payments');

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    ctx.body = await listOwnPayments(deps.db, me(ctx));
  });

  route(
    'post',
    '/',
    { access: 'advertiser', budget: 'payment-purchase', input: { body: purchaseBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const purchase = await buyPlan(
        { db: deps.db, checkout: mercadoPago ? (payment) => checkout(deps, mercadoPago, payment) : null },
        { ...ctx.input.body, advertiserId: me(ctx) },
      );
      if (!purchase.ok) throw refusal(purchase);
      ctx.status = purchase.reused ? 200 : 201;
      ctx.body = presentPurchase(purchase);
    },
  );

  route(
    'get',
    '/:id',
    { access: 'advertiser', budget: 'payment-status', input: { params: idParams, query: paymentQuery } },
    async (ctx) => {
      const { id } = ctx.input.params;
      const { mercadopago } = ctx.input.query;
      let payment = await findOwnPayment(deps.db, me(ctx), id);
      if (!payment) throw paymentNotFound();
      // Back from MercadoPago before their notification: ask their API (what the address says is not trusted).
      if (mercadopago && mercadoPago && payment.status === 'pending' && payment.method === 'mercadopago') {
        const outcome = await confirmFromMercadoPago(deps.db, mercadoPago, mercadopago).catch((err: Error) => {
          console.error('MercadoPago payment lookup failed:', err.message);
          return null;
        });
        if (outcome?.result === 'completed') {
          await mailPaymentConfirmed(deps.mailer, outcome.payment, deps.config.siteOrigin);
          payment = (await findOwnPayment(deps.db, me(ctx), id))!;
        }
      }
      ctx.body = payment;
    },
  );

  route('post', '/:id/cancel', { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    await cancelOwnPayment(deps.db, me(ctx), id);
    ctx.body = await findOwnPayment(deps.db, me(ctx), id);
  });

  // A payment already waiting (a renewal, or a MercadoPago checkout left unfinished) paid through MercadoPago.
  route('post', '/:id/mercadopago', { access: 'advertiser', budget: 'payment-mercadopago', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    if (!mercadoPago) throw paymentMethodUnavailable(MERCADOPAGO_OFF);
    const payment = await findOwnPayment(deps.db, me(ctx), id);
    if (!payment) throw paymentNotFound();
    if (payment.status !== 'pending') throw paymentNotPending();
    const preference = await checkout(deps, mercadoPago, payment);
    await recordOwnCheckout(deps.db, id, preference.id);
    ctx.body = checkoutRedirect(preference.initPoint);
  });
  addReceiptRoutes(route, deps);
  return router;
}

/** A transfer receipt: attached to a payment still waiting, and read back by its advertiser. */
function addReceiptRoutes(route: Routes['route'], deps: RouterDeps): void {
  route(
    'post',
    '/:id/receipt',
    { access: 'advertiser', budget: 'payment-receipt', input: { params: idParams, form: RECEIPT_FORM } },
    async (ctx) => {
      const { id } = ctx.input.params;
      const payment = await findOwnPayment(deps.db, me(ctx), id);
      if (!payment) throw paymentNotFound();
      if (payment.status !== 'pending') throw paymentNotPending('receipt');
      const form = await ctx.input.form();
      const receipt = await checkedReceipt(form.file('receipt')?.bytes);
      const fileKey = await storeDocument(deps.store, receiptKey(deps), receipt.bytes, 'receipts');
      const result = await attachOwnReceipt(deps.db, me(ctx), id, { key: fileKey, type: receipt.type });
      if (!result.ok) {
        await deleteLeftovers([deleteDocument(deps.store, fileKey, 'receipts')]);
        throw paymentNotPending('receipt');
      }
      if (result.replacedKey) await deleteLeftovers([deleteDocument(deps.store, result.replacedKey, 'receipts')]);
      ctx.body = await findOwnPayment(deps.db, me(ctx), id);
    },
  );

  route('get', '/:id/receipt', { access: 'advertiser', budget: 'advertiser-reads', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    const receipt = await ownPaymentReceipt(deps.db, me(ctx), id);
    if (!receipt) throw receiptNotFound();
    await sendReceipt(
      ctx,
      await readDocument(deps.store, readingKeys(receiptKey(deps), deps.config.previousIdentityKey), receipt.fileKey, 'receipts'),
      receipt.type,
      receipt.reference,
    );
  });
}

const RECEIPT_FORM = oneFileForm(MAX_RECEIPT_BYTES, receiptTooLarge);
const NOTIFICATION_BODY = { limitBytes: 16 * 1024, types: ['application/json'] };

function mercadoPagoWebhookRouter(deps: RouterDeps, mercadoPago: MercadoPagoClient | null): Router {
  const { router, route } = routes(deps, '');
  const declaration = { access: 'signature', budget: 'mercadopago-webhook', input: { raw: NOTIFICATION_BODY } } as const;
  route('post', '/payments/mercadopago/webhook', declaration, async (ctx) => {
    if (!mercadoPago || !deps.config.mercadoPago) throw noSuchEndpoint();
    // What is in the body is only a hint: the payment itself is asked of their API.
    const body = ((await ctx.input.raw().catch(() => ({}))) ?? {}) as {
      type?: string;
      data?: { id?: unknown };
    };
    const dataId = String(ctx.query['data.id'] ?? body.data?.id ?? '');
    const type = String(ctx.query.type ?? body.type ?? '');
    if (!/^[\w-]{1,40}$/.test(dataId)) throw invalidNotification();
    const check = checkNotificationSignature({
      secret: deps.config.mercadoPago.webhookSecret,
      signature: ctx.get('x-signature') || undefined,
      requestId: ctx.get('x-request-id') || undefined,
      dataId,
    });
    if (check !== 'ok') throw badNotificationSignature(check === 'stale');
    if (type === 'payment') {
      const outcome = await confirmFromMercadoPago(deps.db, mercadoPago, dataId).catch((err: Error) => {
        // Their API did not answer: a 503 makes MercadoPago deliver the notification again later.
        throw mercadoPagoLookupFailed(err.message);
      });
      if (outcome.result === 'completed') await mailPaymentConfirmed(deps.mailer, outcome.payment, deps.config.siteOrigin);
      if (['amount_mismatch', 'unknown_reference', 'duplicate', 'not_pending'].includes(outcome.result)) {
        console.warn(`MercadoPago payment ${dataId}: ${outcome.result}; approved but not applied, for staff to review or refund.`);
      }
      ctx.body = notificationReceived(outcome);
      return;
    }
    ctx.body = notificationReceived();
  });
  return router;
}

/** The advertiser's payments and MercadoPago's notifications, which share one client. */
export function paymentsRouters(deps: RouterDeps): Router[] {
  const mercadoPago = deps.config.mercadoPago ? mercadoPagoClient(deps.config.mercadoPago) : null;
  return [ownPaymentsRouter(deps, mercadoPago), mercadoPagoWebhookRouter(deps, mercadoPago)];
}
