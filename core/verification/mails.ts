// The Spanish texts of the mail about an ad's "Fotos reales" (docs/decisions/067-photo-trust.md): staff's decision on
// a check (approved, or rejected with each refused photo's reason) and the reminder before the badge ends. As every
// mail about ads (decision 035), subjects never carry the ad's title and say nothing explicit; the body names the
// ad by its title and code. The link to mail preferences is added by core/mail-preferences/mail-footer.ts.
import type { Mail } from '#core/mail/mail.ts';
import { formatLongDate } from '#shared/format.ts';

const signature = '\n\nEquipo de Velada';

interface PhotoMailData {
  fullName: string;
  adId: number;
  title: string;
  /** The ad's "Verificar fotos" page in the advertiser's account. */
  link: string;
}

const adName = (ad: PhotoMailData) => `«${ad.title}» (código ${ad.adId})`;

export function photosApprovedMail(to: string, ad: PhotoMailData & { until: Date }): Mail {
  return {
    to,
    subject: 'Tus fotos fueron verificadas',
    text:
      `Hola ${ad.fullName}:\n\nTus fotos fueron verificadas: tu aviso ${adName(ad)} muestra «Fotos reales» hasta el ` +
      `${formatLongDate(ad.until)}. Unos días antes te avisamos para que pidas una nueva verificación.\n\n` +
      `Si agregás una foto, el distintivo se quita hasta que la verifiquemos. Lo ves en tu cuenta:\n\n${ad.link}${signature}`,
  };
}

/** `refused`: each refused photo by its place in the gallery (1, 2, …) with staff's reason when one was recorded. */
export function photosRejectedMail(to: string, ad: PhotoMailData & { refused: { position: number; reason: string | null }[] }): Mail {
  const lines = ad.refused.map((r) => `- Foto ${r.position}: ${r.reason ?? 'no coincide con la selfie de verificación'}`).join('\n');
  return {
    to,
    subject: 'No pudimos verificar tus fotos',
    text:
      `Hola ${ad.fullName}:\n\nRevisamos las fotos de tu aviso ${adName(ad)} y no pudimos verificarlas todas, ` +
      `así que no muestra «Fotos reales».\n\n${lines}\n\nPodés cambiar esas fotos y pedir una nueva verificación desde tu cuenta:\n\n` +
      `${ad.link}${signature}`,
  };
}

export function photosExpiringMail(to: string, ad: PhotoMailData & { until: Date }): Mail {
  return {
    to,
    subject: `Tu distintivo «Fotos reales» vence el ${formatLongDate(ad.until)}`,
    text:
      `Hola ${ad.fullName}:\n\nLa verificación de las fotos de tu aviso ${adName(ad)} vence el ${formatLongDate(ad.until)}: ` +
      `desde ese día deja de mostrar «Fotos reales». Para conservarlo, pedí una nueva verificación (una selfie con el ` +
      `gesto que te indiquemos y el código del aviso):\n\n${ad.link}${signature}`,
  };
}
