// The Spanish texts of the mail about a "Botón de arrepentimiento" or "Botón de baja" request (decision 068), sent to
// the account's address only.
import type { Mail } from '#core/mail/mail.ts';
import { formatMoney } from '#shared/format.ts';
import { CANCELLATION_LINK_HOURS } from '#shared/consumer-law.ts';

const signature = '\n\nEquipo de Velada';

export function revocationMail(
  to: string,
  r: { fullName: string; code: string; reference: string; amount: number; refund: boolean },
): Mail {
  const what = r.refund
    ? `Te vamos a devolver ${formatMoney(r.amount)} por el mismo medio con que pagaste (o por transferencia a la cuenta que nos indiques si respondés este correo). El plan de esa compra ya no está activo.`
    : 'Ese pago todavía no se había acreditado: lo cancelamos y no se te va a cobrar.';
  return {
    to,
    subject: `Recibimos tu arrepentimiento ${r.code}`,
    text:
      `Hola ${r.fullName}:\n\nRecibimos tu pedido de revocar la compra ${r.reference} (Botón de arrepentimiento). ` +
      `Tu código de pedido es ${r.code}.\n\n${what}\n\nSi no hiciste este pedido, respondé este correo.${signature}`,
  };
}

export function cancellationMail(to: string, c: { fullName: string; code: string; link: string; closeAccount: boolean }): Mail {
  const what = c.closeAccount
    ? 'dejamos de pedirte renovaciones de tus planes y eliminamos tu cuenta, con tus anuncios y tus datos'
    : 'dejamos de pedirte renovaciones de tus planes (tus planes siguen hasta su fecha y tu cuenta sigue abierta)';
  return {
    to,
    subject: `Confirmá tu baja ${c.code}`,
    text:
      `Hola ${c.fullName}:\n\nRecibimos un pedido de baja para tu cuenta (Botón de baja), código ${c.code}. ` +
      `Para confirmarlo, abrí este enlace dentro de las próximas ${CANCELLATION_LINK_HOURS} horas:\n\n${c.link}\n\n` +
      `Al confirmar, ${what}.\n\nSi no lo pediste vos, ignorá este correo: no cambia nada.${signature}`,
  };
}
