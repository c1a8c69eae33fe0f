// The Spanish texts of the mail advertisers receive about their payments.
import type { Mail } from '#core/mail/mail.ts';
import { planLabel } from '#shared/plans.ts';
import { formatLongDate, formatMoney } from '#shared/format.ts';

const signature = '\n\nEquipo de Velada';

export function paymentConfirmedMail(
  to: string,
  p: {
    fullName: string;
    reference: string;
    amount: number;
    plan: string | null;
    planUntil: Date | null;
    adTitle: string | null;
    link: string;
  },
): Mail {
  const plan =
    p.plan && p.planUntil && p.adTitle
      ? `Tu plan ${planLabel(p.plan)} para «${p.adTitle}» está activo hasta el ${formatLongDate(p.planUntil)}.`
      : 'Ya quedó registrado en tu cuenta.';
  return {
    to,
    subject: `Confirmamos tu pago ${p.reference}`,
    text: `Hola ${p.fullName}:\n\nRecibimos tu pago de ${formatMoney(p.amount)} (referencia ${p.reference}). ${plan}\n\nPodés ver el detalle en tu cuenta:\n\n${p.link}${signature}`,
  };
}

export function renewalDueMail(
  to: string,
  r: { fullName: string; reference: string; amount: number; plan: string; adTitle: string; dueAt: Date; link: string },
): Mail {
  return {
    to,
    subject: `Tu plan ${planLabel(r.plan)} termina el ${formatLongDate(r.dueAt)}`,
    text:
      `Hola ${r.fullName}:\n\nEl plan ${planLabel(r.plan)} de «${r.adTitle}» termina el ${formatLongDate(r.dueAt)}. ` +
      `Para renovarlo 30 días más, pagá ${formatMoney(r.amount)} con la referencia ${r.reference}: los datos para transferir están en tu cuenta.\n\n${r.link}\n\n` +
      `Si no lo renovás, tu anuncio sigue publicado con el plan Gratuito hasta que venza.${signature}`,
  };
}
