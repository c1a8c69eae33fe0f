// Payments from the panel: the list, processing into a bank account (the advertiser is mailed), the transfer
// receipts, and the bank accounts.
import { conflict, notFound, receiptsUnreadable } from '#api/errors.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import { readDocument, readingKeys } from '#api/services/identity-vault.ts';
import {
  activateBankAccount,
  addBankAccount,
  bankAccountWithCbuExists,
  listBankAccounts,
  listPayments,
  paymentReceipt,
} from '#db/queries/admin/payments.ts';
import { processPayment } from '#core/payments/process-payment.ts';
import { idParams } from '#api/http/validate.ts';
import { mailPaymentConfirmed } from '#api/routes/payments/confirmations.ts';
import { sendReceipt } from '#api/routes/payments/receipts.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { processBody, bankAccountBody } from './schema.ts';

export function registerPaymentRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/payments', async (ctx) => {
    ctx.body = await listPayments(deps.db);
  });
  route('post', '/payments/:id/process', { params: idParams, body: processBody }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const input = ctx.input.body;
    const entry = { action: 'payment_processed', targetType: 'payment', targetId: id, details: { bankAccountId: input.bankAccountId } };
    const payment = await act(ctx, admin, entry, async (trx) => {
      const result = await processPayment(trx, { id, bankAccountId: input.bankAccountId, notes: input.notes ?? null, adminId: admin.id });
      if (result.ok) return result.payment;
      if (result.reason === 'missing') throw notFound('payment_not_found', 'El pago no existe.');
      if (result.reason === 'already_processed') throw conflict('already_processed', 'Ese pago ya fue procesado.');
      if (result.reason === 'not_pending') throw conflict('not_pending', 'Ese pago fue cancelado: no se puede procesar.');
      if (result.reason === 'no_active_account')
        throw conflict(
          'no_active_bank_account',
          'No hay ninguna cuenta bancaria activa. Activá una en Cuentas Bancarias antes de procesar pagos.',
        );
      throw notFound('bank_account_not_found', 'La cuenta bancaria de destino no existe. Seleccione una cuenta bancaria de destino.');
    });
    await mailPaymentConfirmed(deps.mailer, payment, deps.config.siteOrigin);
    ctx.body = { success: true, planUntil: payment.planUntil };
  });
  // The transfer receipt the advertiser attached; every view is in the audit log, like identity documents.
  route('get', '/payments/:id/receipt', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const receipt = await paymentReceipt(deps.db, id);
    if (!receipt) throw notFound('receipt_not_found', 'Ese pago no tiene comprobante.');
    if (!deps.config.identityKey) throw receiptsUnreadable();
    const bytes = await readDocument(
      deps.store,
      readingKeys(deps.config.identityKey, deps.config.previousIdentityKey),
      receipt.fileKey,
      'receipts',
    );
    await audit(deps.db, {
      action: 'payment_receipt_viewed',
      adminUserId: admin.id,
      username: admin.username,
      targetType: 'payment',
      targetId: id,
      ip: ctx.ip,
    });
    await sendReceipt(ctx, bytes, receipt.type, receipt.reference);
  });

  // Whoever processes payments chooses their destination account; managing the accounts is for the super admin.
  route('get', '/bank-accounts', async (ctx) => {
    ctx.body = await listBankAccounts(deps.db);
  });
  route('post', '/bank-accounts', { body: bankAccountBody }, async (ctx, admin) => {
    const input = ctx.input.body;
    if (await bankAccountWithCbuExists(deps.db, input.cbu)) throw conflict('duplicate_cbu', 'Ya hay una cuenta con ese CBU.');
    const id = await act(
      ctx,
      admin,
      (added: number) => ({ action: 'bank_account_added', targetType: 'bank_account', targetId: added }),
      (trx) => addBankAccount(trx, { ...input, alias: input.alias ?? null }),
    );
    ctx.status = 201;
    ctx.body = { success: true, id };
  });
  route('post', '/bank-accounts/:id/activate', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'bank_account_activated', targetType: 'bank_account', targetId: id }, async (trx) => {
      if (!(await activateBankAccount(trx, id))) throw notFound('bank_account_not_found', 'La cuenta bancaria no existe.');
    });
    ctx.body = { success: true };
  });
}
