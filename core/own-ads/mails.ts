// The Spanish texts of the mail advertisers receive about their ads: approved, refused or taken down by staff, about
// to end and ended. Subjects never carry the ad's title and say nothing explicit: mail is often read on a shared
// screen. The link to mail preferences is added by core/mail-preferences/mail-footer.ts.
import type { Mail } from '#core/mail/mail.ts';
import { formatLongDate } from '#shared/format.ts';

const signature = '\n\nEquipo de Velada';

interface AdMailData {
  fullName: string;
  adId: number;
  title: string;
  /** Where the advertiser manages the ad: their account, or the ad's edit page. */
  link: string;
}

const adName = (ad: AdMailData) => `«${ad.title}» (código ${ad.adId})`;

export function adApprovedMail(to: string, ad: AdMailData & { until: Date | null }): Mail {
  const until = ad.until ? ` hasta el ${formatLongDate(ad.until)}` : '';
  return {
    to,
    subject: 'Tu anuncio ya está publicado',
    text: `Hola ${ad.fullName}:\n\nAprobamos tu anuncio ${adName(ad)}: ya está publicado${until}.\n\nPodés verlo y administrarlo desde tu cuenta:\n\n${ad.link}${signature}`,
  };
}

export function adRejectedMail(to: string, ad: AdMailData & { reason: string }): Mail {
  return {
    to,
    subject: 'Tu anuncio necesita cambios',
    text:
      `Hola ${ad.fullName}:\n\nRevisamos tu anuncio ${adName(ad)} y no pudimos publicarlo.\n\nMotivo: ${ad.reason}\n\n` +
      `Corregilo y envialo de nuevo a revisión desde tu cuenta:\n\n${ad.link}${signature}`,
  };
}

export function adRemovedMail(to: string, ad: AdMailData & { reason: string; contactLink: string }): Mail {
  return {
    to,
    subject: 'Dimos de baja tu anuncio',
    text:
      `Hola ${ad.fullName}:\n\nDimos de baja tu anuncio ${adName(ad)}: ya no se muestra en Velada.\n\nMotivo: ${ad.reason}\n\n` +
      `Lo ves en tu cuenta:\n\n${ad.link}\n\nSi creés que es un error, escribinos indicando el código del anuncio:\n\n${ad.contactLink}${signature}`,
  };
}

export function adExpiringMail(to: string, ad: AdMailData & { endsAt: Date }): Mail {
  return {
    to,
    subject: `Tu anuncio vence el ${formatLongDate(ad.endsAt)}`,
    text:
      `Hola ${ad.fullName}:\n\nTu anuncio ${adName(ad)} vence el ${formatLongDate(ad.endsAt)}. ` +
      `Para que siga publicado, renovalo 30 días más desde tu cuenta con el botón «Renovar»:\n\n${ad.link}${signature}`,
  };
}

export function adExpiredMail(to: string, ad: AdMailData & { endsAt: Date }): Mail {
  return {
    to,
    subject: 'Tu anuncio venció',
    text:
      `Hola ${ad.fullName}:\n\nTu anuncio ${adName(ad)} venció el ${formatLongDate(ad.endsAt)} y ya no se muestra en Velada. ` +
      `Podés renovarlo 30 días más desde tu cuenta con el botón «Renovar»:\n\n${ad.link}${signature}`,
  };
}
