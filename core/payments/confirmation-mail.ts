// What follows a completed payment, wherever it was completed (staff in Pagos, MercadoPago's notification or the
// buyer's return from MercadoPago): the advertiser's confirmation mail. Completing it is core/payments/.
import type { Mailer } from '#core/mail/mail.ts';
import type { CompletedPayment } from '#core/payments/complete-payment.ts';
import { paymentConfirmedMail } from './mails.ts';

/** The advertiser's page of one payment: by its reference, which MercadoPago's return and the mails know. */
export const paymentPagePath = (reference: string) => `/mi-cuenta/pagos/${reference}`;

/** Mails the advertiser; a mail that fails is logged (without the address), the payment stays completed. */
export async function mailPaymentConfirmed(mailer: Mailer, payment: CompletedPayment, siteOrigin: string): Promise<void> {
  try {
    await mailer.send(
      paymentConfirmedMail(payment.advertiser.email, {
        fullName: payment.advertiser.fullName,
        reference: payment.reference,
        amount: payment.amount,
        plan: payment.plan,
        planUntil: payment.planUntil,
        adTitle: payment.adTitle,
        link: `${siteOrigin}${paymentPagePath(payment.reference)}`,
      }),
    );
  } catch (err) {
    console.error(`Payment ${payment.reference}: the confirmation mail failed:`, (err as Error).message);
  }
}
