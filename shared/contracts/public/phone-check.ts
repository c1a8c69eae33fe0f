// The answers of /verificar-anuncio (the wire contract of docs/decisions/051-core.md): whether an ad code or link
// is a published ad, and whether a phone number belongs to published ads. They name ads, never numbers.
import type { AdSummaryView } from './ad-page.ts';

/** The ad code check: nothing asked, a published ad, or none with that code. */
export type AdCodeCheckView = { kind: 'none' } | { kind: 'found'; ad: AdSummaryView } | { kind: 'unknown' };

/** The phone check: nothing asked, too many checks (wait), not a number, the published ads it belongs to, or none. */
export type PhoneCheckView =
  | { kind: 'none' }
  | { kind: 'limited'; waitSeconds: number; minutes: number }
  | { kind: 'invalid' }
  | { kind: 'found'; ads: AdSummaryView[] }
  | { kind: 'unknown' };
