// Sign-in throttling for staff and advertisers (db/queries/login-attempts.ts has the counting): attempts take a
// place before the password is checked; a browser that signed in to an account before carries a device cookie
// (a random token whose hash the account remembers, decision 069) and is not slowed down by attacks on that account
// from elsewhere; staff are alerted when an account is under attack.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import {
  ACCOUNT_FREE_ATTEMPTS,
  clearAddressAttempts,
  reserveAttempt,
  type AccountKind,
  type Reservation,
} from '#db/queries/login-attempts.ts';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { isKnownDevice } from '#db/queries/sign-in-steps.ts';
import { hashToken, isPlausibleToken } from '#core/sessions/tokens.ts';
import { requestSource } from '#api/http/request-source.ts';
import { ADVERTISER_SIDE, STAFF_SIDE, type AccountSide } from '#api/services/account-sides.ts';

export { ADDRESS_LIMIT, WINDOW_MS } from '#db/queries/login-attempts.ts';

const sideOf = (kind: AccountKind): AccountSide => (kind === 'admin' ? STAFF_SIDE : ADVERTISER_SIDE);

async function isTrustedDevice(db: Knex, ctx: Context, kind: AccountKind, name: string): Promise<boolean> {
  const side = sideOf(kind);
  const presented = ctx.cookies.get(side.deviceCookie);
  if (!isPlausibleToken(presented)) return false;
  const id = await side.idOf(db, name);
  return id !== null && isKnownDevice(db, { kind: side.kind, id }, hashToken(presented));
}

export type SignInStart = Reservation & { alert?: string };

/** Takes this attempt's place; when refused, sets Retry-After. `alert`: a message staff were just alerted with. */
export async function beginSignIn(db: Knex, ctx: Context, kind: AccountKind, name: string, now = new Date()): Promise<SignInStart> {
  const reservation = await reserveAttempt(db, kind, name, requestSource(ctx), await isTrustedDevice(db, ctx, kind, name), now);
  if (!reservation.allowed) {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000))));
    return reservation;
  }
  // Exactly once per window: the attempt that reaches the count where delays begin.
  if (reservation.accountAttempts === ACCOUNT_FREE_ATTEMPTS) {
    const who = kind === 'admin' ? `del administrador «${name.trim().slice(0, 64)}»` : 'de un anunciante';
    const message = `Muchos intentos de ingreso con contraseña equivocada a la cuenta ${who} desde distintas direcciones: los próximos intentos esperan cada vez más. Quien ya ingresó desde su navegador no se ve afectado.`;
    await createStaffAlert(db, { kind: 'login_attack', permission: null, message }, now);
    return { ...reservation, alert: message };
  }
  return reservation;
}

/** The name second-step codes are counted under, apart from the password's. */
const codeBucket = (name: string) => `segundo-paso:${name}`;

/**
 * A second-step code's place (decision 069): counted like passwords, per account and address and per account, in
 * buckets of their own (a wrong code does not lock the password). Sets Retry-After when refused.
 */
export async function beginCodeAttempt(db: Knex, ctx: Context, kind: AccountKind, name: string, now = new Date()): Promise<Reservation> {
  const trusted = await isTrustedDevice(db, ctx, kind, name);
  const reservation = await reserveAttempt(db, kind, codeBucket(name), requestSource(ctx), trusted, now);
  if (!reservation.allowed) ctx.set('Retry-After', String(waitSeconds(reservation, now)));
  return reservation;
}

/** After a right password: this address starts afresh (the browser is remembered when the sign-in completes). */
export async function signInSucceeded(db: Knex, ctx: Context, kind: AccountKind, name: string): Promise<void> {
  await clearAddressAttempts(db, kind, name, requestSource(ctx));
}

/**
 * After a right code or passkey: this address's codes start afresh. Never after a right password alone, or whoever
 * knows the password could reset the count of codes guessed by typing it again.
 */
export async function secondStepSucceeded(db: Knex, ctx: Context, kind: AccountKind, name: string): Promise<void> {
  await clearAddressAttempts(db, kind, codeBucket(name), requestSource(ctx));
}

/** Seconds until a refused attempt may try again, for the message. */
export const waitSeconds = (start: Reservation, now = new Date()) =>
  start.allowed ? 0 : Math.max(1, Math.ceil((start.retryAt.getTime() - now.getTime()) / 1000));
