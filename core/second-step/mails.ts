// The Spanish text of the mail an advertiser gets when her account is signed in to from a browser it never used.
import type { Mail } from '#core/mail/mail.ts';

export function newDeviceMail(to: string, fullName: string, sign: { device: string; when: string; link: string }): Mail {
  return {
    to,
    subject: 'Nuevo ingreso a tu cuenta de Velada',
    text:
      `Hola ${fullName}:\n\nAlguien ingresó a tu cuenta desde un dispositivo nuevo: ${sign.device}, el ${sign.when}.\n\n` +
      `Si fuiste vos, no tenés que hacer nada. Si no, cambiá tu contraseña con «Olvidé mi contraseña» y cerrá las demás sesiones en Mi cuenta › Seguridad:\n\n${sign.link}\n\nEquipo de Velada`,
  };
}
