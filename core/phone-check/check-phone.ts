// 'Verificar anuncio', the phone check: whether a number (or a WhatsApp link) belongs to published ads, and which.
// It reveals no more than the ad pages do: only published ads are matched, the answer names ads and never shows a
// number, and each visitor has a small budget of checks (deps.takeCheck, api/app.ts).
import type { Knex } from 'knex';
import { publicAdsWithPhone } from '#db/queries/ad-page.ts';
import type { PhoneCheckView } from '#shared/contracts/public/phone-check.ts';
import { phoneFromReference } from '#shared/phone.ts';

/** The longest text looked at. */
export const MAX_PHONE_TEXT_LENGTH = 300;

export interface PhoneCheckDeps {
  /** Counts one check against the visitor's budget: 0 within it, otherwise the seconds to wait. Absent, no limit. */
  takeCheck?: () => Promise<number>;
}

export async function checkPhone(db: Knex, text: string, deps: PhoneCheckDeps = {}): Promise<PhoneCheckView> {
  const reference = text.slice(0, MAX_PHONE_TEXT_LENGTH);
  if (!reference.trim()) return { kind: 'none' };
  const waitSeconds = (await deps.takeCheck?.()) ?? 0;
  if (waitSeconds > 0) return { kind: 'limited', waitSeconds, minutes: Math.max(1, Math.ceil(waitSeconds / 60)) };
  const e164 = phoneFromReference(reference);
  if (!e164) return { kind: 'invalid' };
  const ads = await publicAdsWithPhone(db, e164);
  return ads.length ? { kind: 'found', ads: ads.map((ad) => ({ id: ad.id, slug: ad.slug, title: ad.title })) } : { kind: 'unknown' };
}
