// Sign-in throttling for staff and advertisers (db/queries/login-attempts.ts has the counting): attempts take a
// place before the password is checked; a browser that signed in to an account before carries a device cookie
// for it and is not slowed down by attacks on that account from elsewhere; staff are alerted when an account is
// under attack.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import {
  ACCOUNT_FREE_ATTEMPTS,
  clearAddressAttempts,
  reserveAttempt,
  type AccountKind,
  type Reservation,
} from '#db/queries/login-attempts.ts';
import { keyedHash } from '#db/queries/server-keys.ts';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { requestSource } from '#api/http/request-source.ts';

export { ADDRESS_LIMIT, WINDOW_MS } from '#db/queries/login-attempts.ts';

const DEVICE_COOKIE: Record<AccountKind, string> = { admin: 'velada_admin_dispositivo', advertiser: 'velada_dispositivo' };
const DEVICE_COOKIE_MAX_AGE_MS = 365 * 86_400_000;

const deviceToken = (db: Knex, kind: AccountKind, name: string) =>
  keyedHash(db, 'login_device_key', `${kind}:${name.trim().toLowerCase()}`);

async function isTrustedDevice(db: Knex, ctx: Context, kind: AccountKind, name: string): Promise<boolean> {
  const presented = ctx.cookies.get(DEVICE_COOKIE[kind]);
  if (!presented || presented.length !== 64) return false;
  return crypto.timingSafeEqual(Buffer.from(presented), Buffer.from(await deviceToken(db, kind, name)));
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

/** After a right password: this address starts afresh, and the browser is remembered for this account. */
export async function signInSucceeded(db: Knex, ctx: Context, kind: AccountKind, name: string): Promise<void> {
  await clearAddressAttempts(db, kind, name, requestSource(ctx));
  ctx.cookies.set(DEVICE_COOKIE[kind], await deviceToken(db, kind, name), {
    httpOnly: true,
    sameSite: kind === 'admin' ? 'strict' : 'lax',
    secure: ctx.secure,
    path: kind === 'admin' ? '/api/admin' : '/api/advertiser',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    overwrite: true,
  });
}

/** Seconds until a refused attempt may try again, for the message. */
export const waitSeconds = (start: Reservation, now = new Date()) =>
  start.allowed ? 0 : Math.max(1, Math.ceil((start.retryAt.getTime() - now.getTime()) / 1000));
