// "Botón de arrepentimiento" (decision 068; Res. 424/2020 SCI, Ley 24.240 art. 34): anyone who has a purchase's
// reference and its account's address may revoke it, without signing in, within REVOCATION_DAYS of the purchase.
// The request is recorded and answered at once with a code of its own, mailed to the account's address too; a
// completed payment is refunded by staff by hand (Pagos), and its days come off the plan at once.
import type { Knex } from 'knex';
import { paymentByReference, recordRevocation, type RevocablePayment } from '#db/queries/revocations.ts';
import { normalizeReference, revocationDeadline } from '#shared/consumer-law.ts';
import { PLAN_DAYS, addDays } from '#shared/plans.ts';
import { formatLongDate } from '#shared/format.ts';
import type { Mail } from '#core/mail/mail.ts';
import { refuse } from '#core/refusals.ts';
import type { RevocationReceipt } from '#shared/contracts/public/consumer.ts';
import { newRequestCode } from './codes.ts';
import { revocationMail } from './mails.ts';

export interface RevocationAnswer {
  receipt: RevocationReceipt;
  /** The mail to the account's address; null when this request was made before (its mail went then). */
  mail: Mail | null;
}

/** When the purchase was made: when its payment went through, or when it was asked for while still pending. */
const purchasedAt = (payment: RevocablePayment) => payment.processedAt ?? payment.createdAt;

/**
 * Revokes the purchase `reference` of the account `email`. An unknown reference, or one of another account, is
 * refused alike ('revocation_not_found'), so the form tells nothing about an address without its purchase.
 */
export async function revokePurchase(db: Knex, input: { reference: string; email: string }, now = new Date()): Promise<RevocationAnswer> {
  const payment = await paymentByReference(db, normalizeReference(input.reference));
  if (!payment || payment.email.toLowerCase() !== input.email.trim().toLowerCase()) throw refuse('revocation_not_found');
  const answer = (code: string, mail: Mail | null): RevocationAnswer => ({
    receipt: { code, refund: payment.status === 'completed', amount: payment.amount },
    mail,
  });
  if (payment.revocationCode) return answer(payment.revocationCode, null);
  if (payment.status === 'cancelled') throw refuse('revocation_payment_cancelled');
  const deadline = revocationDeadline(purchasedAt(payment));
  if (now > deadline) throw refuse('revocation_too_late', { deadline: formatLongDate(deadline) });
  const code = await recordRevocation(
    db,
    {
      code: newRequestCode('ARR'),
      payment,
      // The revoked payment's days come off: a first purchase's plan ends, a renewal's returns to its former end.
      planEndWithout: (end) => {
        const without = addDays(end, -PLAN_DAYS);
        return without > now ? without : null;
      },
    },
    now,
  );
  const refund = payment.status === 'completed';
  return answer(
    code,
    revocationMail(payment.email, { fullName: payment.fullName, code, reference: payment.reference, amount: payment.amount, refund }),
  );
}
