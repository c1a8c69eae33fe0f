// 'Verificar anuncio', the ad check: whether a code or link a visitor was given is a published Velada ad (whose
// advertiser's identity was verified: only such ads are published).
import type { Knex } from 'knex';
import type { AdCodeCheckView } from '#shared/contracts/public/phone-check.ts';
import { adIdFromReference } from '#shared/ad-text.ts';
import { publicAdSummary } from '#core/ad-page/public-ad.ts';

/** The longest code or link looked at. */
export const MAX_CODE_LENGTH = 200;

export async function checkAdCode(db: Knex, code: string): Promise<AdCodeCheckView> {
  const text = code.slice(0, MAX_CODE_LENGTH);
  if (!text.trim()) return { kind: 'none' };
  const ad = await publicAdSummary(db, adIdFromReference(text));
  return ad ? { kind: 'found', ad } : { kind: 'unknown' };
}
