// Every per-source request budget of the API, by name: how many requests one source (an IPv4 address or an IPv6 /64,
// api/http/request-source.ts) may make in a window before 429. Each route declares one (api/http/route.ts), or
// says why it has none; budgets counted by account rather than by source are here too. Routes that share a name
// share one counter. Where they are counted is the store's business (api/services/rate-limit-store.ts).
import type { BudgetOptions, RequestBudget } from '#api/middleware/rate-limit.ts';
import type { RateLimitStore } from '#api/services/rate-limit-store.ts';
import { FILINGS_PER_DAY, LOOKUPS_PER_WINDOW } from '#shared/safety-alerts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Devices (a subscription's endpoint and secret) one source may start search alerts on in a day. */
export const NEW_DEVICES_PER_SOURCE_PER_DAY = 5;
/** Subscribing requests one source may make in a day (a device follows at most MAX_ALERTS_PER_DEVICE searches). */
export const SUBSCRIBES_PER_SOURCE_PER_DAY = 30;

export const BUDGETS = {
  // Anyone
  health: { windowMs: MINUTE, max: 120 },
  'ad-phone': { windowMs: MINUTE, max: 30 },
  'ad-availability': { windowMs: MINUTE, max: 30 },
  'phone-check': { windowMs: 15 * MINUTE, max: 20 },
  'contact-message': { windowMs: HOUR, max: 10 },
  'ad-report': { windowMs: HOUR, max: 10 },
  // "Botón de arrepentimiento" and "Botón de baja" (decision 068): per source, and per reference or per address typed.
  revocation: { windowMs: HOUR, max: 10 },
  /** Per payment reference, whatever the source: a reference cannot be tried against many addresses. */
  'revocation-reference': { windowMs: DAY, max: 5 },
  cancellation: { windowMs: HOUR, max: 10 },
  /** Per address typed, whatever the source: nobody fills a stranger's inbox with confirmation links. */
  'cancellation-email': { windowMs: DAY, max: 3 },
  'cancellation-confirm': { windowMs: 15 * MINUTE, max: 20 },
  /** One budget across the three analytics endpoints: a browsing visitor stays far below it. */
  analytics: { windowMs: MINUTE, max: 240 },
  'search-alerts': { windowMs: 15 * MINUTE, max: 60 },
  'search-alert-subscribe': { windowMs: DAY, max: SUBSCRIBES_PER_SOURCE_PER_DAY },
  'search-alert-devices': { windowMs: DAY, max: NEW_DEVICES_PER_SOURCE_PER_DAY },
  'mail-preferences': { windowMs: 15 * MINUTE, max: 30 },
  'sign-out': { windowMs: MINUTE, max: 60 },
  'mercadopago-webhook': { windowMs: MINUTE, max: 120 },
  // Accounts
  'advertiser-register': { windowMs: HOUR, max: 20 },
  'email-confirm': { windowMs: 15 * MINUTE, max: 30 },
  'confirmation-resend': { windowMs: 15 * MINUTE, max: 5 },
  'password-forgot': { windowMs: 15 * MINUTE, max: 5 },
  'password-reset': { windowMs: 15 * MINUTE, max: 20 },
  'advertiser-login': { windowMs: 15 * MINUTE, max: 30 },
  'staff-login': { windowMs: 15 * MINUTE, max: 30 },
  /** The steps after a password (codes, passkeys, a first factor's set-up, decision 069); codes are also throttled per account. */
  'sign-in-steps': { windowMs: 15 * MINUTE, max: 60 },
  'account-delete': { windowMs: 15 * MINUTE, max: 10 },
  // Signed-in advertisers: reading their own data, and changing it (the heavier writes have budgets of their own)
  'advertiser-reads': { windowMs: MINUTE, max: 120 },
  'advertiser-writes': { windowMs: HOUR, max: 300 },
  'ad-create': { windowMs: HOUR, max: 30 },
  'ad-photo-upload': { windowMs: HOUR, max: 120 },
  availability: { windowMs: HOUR, max: 60 },
  'verification-upload': { windowMs: HOUR, max: 20 },
  'photo-verification-open': { windowMs: HOUR, max: 30 },
  'photo-selfie-upload': { windowMs: HOUR, max: 20 },
  'report-answer': { windowMs: HOUR, max: 10 },
  'payment-purchase': { windowMs: HOUR, max: 30 },
  'payment-status': { windowMs: MINUTE, max: 60 },
  'payment-mercadopago': { windowMs: HOUR, max: 30 },
  'payment-receipt': { windowMs: HOUR, max: 30 },
  'check-in-start-ip': { windowMs: HOUR, max: 60 },
  /** Per account: starting a check-in mails an address the advertiser typed. */
  'check-in-start': { windowMs: DAY, max: 10 },
  /** Per account, whatever the address: the alerts list cannot be walked through. */
  'safety-alert-reports': { windowMs: DAY, max: FILINGS_PER_DAY },
  'safety-alert-lookups': { windowMs: 15 * MINUTE, max: LOOKUPS_PER_WINDOW },
  // Staff: every data endpoint of the panel, behind a session and a permission
  staff: { windowMs: MINUTE, max: 600 },
} as const satisfies Record<string, BudgetOptions>;

export type BudgetName = keyof typeof BUDGETS;

const made = new WeakMap<RateLimitStore, Map<BudgetName, RequestBudget>>();

/** The budget `name` of `store`, made once per store: every route naming it counts on the same counter. */
export function budgetOf(store: RateLimitStore, name: BudgetName): RequestBudget {
  let budgets = made.get(store);
  if (!budgets) made.set(store, (budgets = new Map()));
  let budget = budgets.get(name);
  if (!budget) budgets.set(name, (budget = store.budget(name, BUDGETS[name])));
  return budget;
}
