// Signed price quotes. The purchase page signs the price it shows (plan, amount, time); a purchase made with the
// quote pays that price even if staff changed it meanwhile, and says so. The browser cannot choose a price: a
// quote it altered fails the signature. The key is made once and kept in the settings table, so every process
// sharing the database checks the same signatures.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { PAID_PLANS, type PaidPlan } from '#shared/plans.ts';
import { serverKey } from '#db/queries/server-keys.ts';

/** How long a shown price holds. */
export const QUOTE_TTL_MS = 24 * 60 * 60 * 1000;
const signingKey = (db: Knex) => serverKey(db, 'quote_signing_key');

const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

export async function issueQuote(db: Knex, plan: PaidPlan, amount: number, now = new Date()): Promise<string> {
  const payload = `${plan}.${amount}.${now.getTime()}`;
  return `${payload}.${mac(await signingKey(db), payload)}`;
}

export type Quote = { plan: PaidPlan; amount: number; issuedAt: Date };

export async function readQuote(db: Knex, token: string, now = new Date()): Promise<Quote | 'invalid' | 'expired'> {
  const match = /^(premium|vip)\.(\d{1,9})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const [, plan, amount, time, signature] = match;
  const expected = Buffer.from(mac(await signingKey(db), `${plan}.${amount}.${time}`));
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature!))) return 'invalid';
  const issuedAt = new Date(Number(time));
  if (now.getTime() - issuedAt.getTime() > QUOTE_TTL_MS || issuedAt.getTime() > now.getTime() + 60_000) return 'expired';
  if (!PAID_PLANS.includes(plan as PaidPlan)) return 'invalid';
  return { plan: plan as PaidPlan, amount: Number(amount), issuedAt };
}
