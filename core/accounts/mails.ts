// The Spanish texts of the mail advertisers receive about their account.
import type { Mail } from '#core/mail/mail.ts';

const signature = '\n\nEquipo de Velada\nSi no fuiste vos, ignorá este correo: nadie más puede usar este enlace.';

/**
 * The address is not confirmed yet, so the greeting is generic: whoever registers someone else's address must not
 * be able to put their own words (the name they typed) in that person's mailbox.
 */
export function confirmEmailMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirmá tu email en Velada',
    text: `Hola:\n\nAlguien usó esta dirección para crear una cuenta de anunciante en Velada. Si fuiste vos, confirmá tu email con este enlace (vale 48 horas):\n\n${link}${signature}`,
  };
}

export function resetPasswordMail(to: string, fullName: string, link: string): Mail {
  return {
    to,
    subject: 'Restablecé tu contraseña de Velada',
    text: `Hola ${fullName}:\n\nPediste una contraseña nueva para tu cuenta de Velada. Elegila con este enlace (vale 1 hora):\n\n${link}${signature}`,
  };
}
