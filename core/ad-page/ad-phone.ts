// What a published ad's page gives on request and nothing else does: the ad's phone, in the local form for reading,
// with call and WhatsApp links built from the stored international form. WhatsApp opens with a short, polite first
// message that names the ad's code, so that the advertiser knows which ad the visitor saw; not the site's name, which
// would stay in the visitor's chats (discretion, as "Salida rápida" and "Borrar rastros"). The caller counts the reveal.
import type { Knex } from 'knex';
import { publicPhone } from '#db/queries/ad-page.ts';
import type { AdPhoneView } from '#shared/contracts/public/ad-page.ts';
import { formatPhoneLocal, phoneLinks } from '#shared/phone.ts';

/** The first message a visitor sends from the ad's page. */
export function whatsAppGreeting(adId: number): string {
  return `Hola, vi tu aviso (código ${adId}). ¿Tenés disponibilidad?`;
}

/** The phone of the published ad `id`; null when the ad is not public or has no phone. */
export async function adPhone(db: Knex, id: number): Promise<AdPhoneView | null> {
  const phone = await publicPhone(db, id);
  if (!phone) return null;
  const links = phoneLinks(phone);
  return {
    phone: formatPhoneLocal(phone),
    tel: links.tel,
    whatsapp: `${links.whatsapp}?text=${encodeURIComponent(whatsAppGreeting(id))}`,
  };
}
