// The consumer's rights the site gives effect to (docs/decisions/068-consumer-law.md): revoking a purchase within
// 10 days ("Botón de arrepentimiento", Res. 424/2020 SCI; Ley 24.240 art. 34) and cancelling ("Botón de baja").
import { buenosAiresDate, buenosAiresDayStart, shiftDate } from './dates.ts';

/** Days a purchase may be revoked: 10 calendar days ("días corridos", Ley 24.240 art. 34). */
export const REVOCATION_DAYS = 10;
/** How long a "Botón de baja" confirmation link works. */
export const CANCELLATION_LINK_HOURS = 48;

/**
 * The last instant a purchase made at `purchasedAt` may be revoked: the end of the 10th Buenos Aires day after the
 * day of the purchase (a purchase on the 1st may be revoked until the 11th at 23:59). When that day is a Saturday or
 * a Sunday it runs to the end of the next Monday (CCyC art. 1110: a term ending on a non-working day runs to the
 * next working day; public holidays are not counted, which only gives the buyer less than the law at most on them).
 */
export function revocationDeadline(purchasedAt: Date): Date {
  let last = shiftDate(buenosAiresDate(purchasedAt), 0, REVOCATION_DAYS);
  const weekday = new Date(`${last}T12:00:00Z`).getUTCDay();
  if (weekday === 6) last = shiftDate(last, 0, 2);
  if (weekday === 0) last = shiftDate(last, 0, 1);
  return new Date(buenosAiresDayStart(shiftDate(last, 0, 1)).getTime() - 1);
}

/** A reference the user reads and types: upper case, no spaces. */
export const normalizeReference = (value: string): string => value.trim().toUpperCase().replace(/\s+/g, '');
