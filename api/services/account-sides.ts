// The two kinds of accounts that sign in, as the second step's routes see them (decision 069): where their routes
// live, their cookies, who an account is by name, and whether a password alone lets it in.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouterDeps } from '#api/deps.ts';
import type { BudgetName } from '#api/http/budgets.ts';
import type { AccountKind } from '#db/queries/login-attempts.ts';
import type { Owner } from '#db/queries/second-step.ts';
import { ownerIdByName } from '#core/second-step/owners.ts';
import { readingKeys } from './identity-vault.ts';
import type { RelyingParty } from '#core/second-step/passkeys.ts';
import type { SealingKeys } from '#core/second-step/factors.ts';

export interface AccountSide {
  kind: Owner['kind'];
  /** The login throttle's name for it (db/queries/login-attempts.ts). */
  throttleKind: AccountKind;
  /** Routes under /api{prefix}; cookies for that path only. */
  prefix: '/admin' | '/advertiser';
  stepCookie: string;
  deviceCookie: string;
  sameSite: 'strict' | 'lax';
  loginBudget: BudgetName;
  /** The account's id from the name typed at sign-in (username or email), or null. */
  idOf(db: Knex, name: string): Promise<number | null>;
}

export const STAFF_SIDE: AccountSide = {
  kind: 'staff',
  throttleKind: 'admin',
  prefix: '/admin',
  stepCookie: 'velada_admin_paso',
  deviceCookie: 'velada_admin_dispositivo',
  sameSite: 'strict',
  loginBudget: 'staff-login',
  idOf: (db, username) => ownerIdByName(db, 'staff', username),
};

export const ADVERTISER_SIDE: AccountSide = {
  kind: 'advertiser',
  throttleKind: 'advertiser',
  prefix: '/advertiser',
  stepCookie: 'velada_paso',
  deviceCookie: 'velada_dispositivo',
  sameSite: 'lax',
  loginBudget: 'advertiser-login',
  idOf: (db, email) => ownerIdByName(db, 'advertiser', email),
};

const STEP_COOKIE_MAX_AGE_MS = 10 * 60_000;
const DEVICE_COOKIE_MAX_AGE_MS = 365 * 86_400_000;

function setCookie(ctx: Context, side: AccountSide, name: string, value: string | null, maxAge: number): void {
  ctx.cookies.set(name, value ?? '', {
    httpOnly: true,
    sameSite: side.sameSite,
    secure: ctx.secure,
    path: `/api${side.prefix}`,
    maxAge: value ? maxAge : 0,
    overwrite: true,
  });
}

export const setStepCookie = (ctx: Context, side: AccountSide, token: string | null) =>
  setCookie(ctx, side, side.stepCookie, token, STEP_COOKIE_MAX_AGE_MS);

export const setDeviceCookie = (ctx: Context, side: AccountSide, token: string) =>
  setCookie(ctx, side, side.deviceCookie, token, DEVICE_COOKIE_MAX_AGE_MS);

/**
 * Who passkeys are for. In production, the public origin; elsewhere the request's own (a browser on localhost or on a
 * test server reports its own origin, and WebAuthn checks it).
 */
export function relyingParty(deps: RouterDeps, ctx: Context): RelyingParty {
  const origin = deps.config.env === 'production' && deps.config.publicOrigin ? deps.config.publicOrigin : `${ctx.protocol}://${ctx.host}`;
  return { id: new URL(origin).hostname, origin };
}

/** IDENTITY_KEY (and the one being rotated out) seal authenticator-app secrets. */
export function sealingKeys(deps: RouterDeps): SealingKeys {
  const { identityKey, previousIdentityKey } = deps.config;
  // Required in production, made locally by api/main.ts elsewhere: never missing in a running server.
  if (!identityKey) throw new Error('IDENTITY_KEY is not configured');
  return readingKeys(identityKey, previousIdentityKey);
}
