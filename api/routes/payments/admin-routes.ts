// Payments from the panel: the list, processing into a bank account (the advertiser is mailed), the transfer
// receipts, the "Botón de arrepentimiento" requests, and the bank accounts (core/panel/payments/).
import { receiptsUnreadable } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import { mailPaymentConfirmed } from '#core/payments/confirmation-mail.ts';
import { sendReceipt } from '#api/routes/payments/receipts.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { sealedFiles } from '#api/routes/panel/sealed-files.ts';
import { created, done } from '#core/answers.ts';
import { activateAccount, addAccount, bankAccounts } from '#core/panel/payments/bank-accounts.ts';
import { payments, processPayment, viewReceipt, type PaymentNotices } from '#core/panel/payments/payments.ts';
import { markRefunded, revocations } from '#core/panel/payments/revocations.ts';
import { processBody, bankAccountBody } from './schema.ts';

export function registerPaymentRoutes({ deps, route }: StaffRoutes): void {
  const notices: PaymentNotices = { paymentConfirmed: (payment) => mailPaymentConfirmed(deps.mailer, payment, deps.config.siteOrigin) };
  route('get', '/payments', async (ctx) => {
    ctx.body = await payments(deps.db);
  });
  route('post', '/payments/:id/process', { params: idParams, body: processBody }, async (ctx, actor) => {
    const { bankAccountId, notes } = ctx.input.body;
    await processPayment({ db: deps.db, notices }, actor, { id: ctx.input.params.id, bankAccountId, notes: notes ?? null });
    ctx.body = done();
  });
  // The transfer receipt the advertiser attached; every view is in the audit log, like identity documents.
  route('get', '/payments/:id/receipt', { params: idParams }, async (ctx, actor) => {
    const files = sealedFiles(deps, receiptsUnreadable);
    const receipt = await viewReceipt({ db: deps.db, files }, actor, ctx.input.params.id);
    await sendReceipt(ctx, receipt.bytes, receipt.type, receipt.reference);
  });

  // "Botón de arrepentimiento" requests (decision 068): refunded by hand, then marked here (audited).
  route('get', '/revocations', async (ctx) => {
    ctx.body = await revocations(deps.db);
  });
  route('post', '/revocations/:id/refunded', { params: idParams }, async (ctx, actor) => {
    await markRefunded(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });

  // Whoever processes payments chooses their destination account; managing the accounts is for the super admin.
  route('get', '/bank-accounts', async (ctx) => {
    ctx.body = await bankAccounts(deps.db);
  });
  route('post', '/bank-accounts', { body: bankAccountBody }, async (ctx, actor) => {
    const id = await addAccount(deps.db, actor, { ...ctx.input.body, alias: ctx.input.body.alias ?? null });
    ctx.status = 201;
    ctx.body = created(id);
  });
  route('post', '/bank-accounts/:id/activate', { params: idParams }, async (ctx, actor) => {
    await activateAccount(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });
}
