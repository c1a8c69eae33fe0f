// Staff and advertiser sessions: one mechanism, two policies (docs/decisions/018-sessions.md). The cookie carries
// a random token; the database keeps its SHA-256, so a copy of the table opens no session. A session ends when
// idle too long, at its absolute end, when its account may no longer sign in, or when all of an account's
// sessions are ended (disabled account, new password, deleted account).
import type { Knex } from 'knex';
import type Cookies from 'cookies';
import {
  deleteOtherSessions,
  deleteSession,
  deleteSessionsOf,
  listSessionsOf,
  findAdvertiserSession,
  findStaffSession,
  insertSession,
  touchSession,
  type FoundSession,
  type SessionKind,
  type SignedInAdvertiser,
} from '#db/queries/sessions.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { hashToken, isPlausibleToken, newToken } from './tokens.ts';

export type { SignedInAdvertiser } from '#db/queries/sessions.ts';

/** A live session as "Sesiones activas" lists it: no token, no address, only what the browser calls itself. */
export interface ActiveSession {
  id: string;
  device: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export interface SessionPolicy<User> {
  kind: SessionKind;
  cookie: string;
  sameSite: 'strict' | 'lax';
  idleMs: number;
  absoluteMs: number;
  /** last_seen_at is rewritten at most this often: every call renews, without a write on every call. */
  renewEveryMs: number;
  /** The session by its token's hash, with its user (null when the account may no longer sign in). */
  find(db: Knex, tokenHash: string): Promise<FoundSession<User> | null>;
}

export interface SessionStore<User> {
  readonly policy: SessionPolicy<User>;
  readonly cookie: string;
  /** A new session for the user, on the device named ("Chrome en Android"); returns the cookie's token. */
  create(db: Knex, userId: number, now?: Date, device?: string | null): Promise<string>;
  /** The user of a live session, renewing it; null (and the session deleted) when unknown, idle or expired. */
  resume(db: Knex, token: string | undefined, now?: Date): Promise<User | null>;
  /** Whether the token names a live session, without renewing or ending it (the render cache asks). */
  isLive(db: Knex, token: string | undefined, now?: Date): Promise<boolean>;
  end(db: Knex, token: string | undefined): Promise<void>;
  endAllOf(db: Knex, userId: number): Promise<void>;
  /** The user's live sessions, the latest used first, the one of `token` marked as this one ("Sesiones activas"). */
  list(db: Knex, userId: number, token: string | undefined, now?: Date): Promise<ActiveSession[]>;
  /** Ends every session of the user but the one of `token` ("Cerrar las demás"); returns how many ended. */
  endOthers(db: Knex, userId: number, token: string): Promise<number>;
  /** When the session of `token` was made (a sign-in), for actions that need a recent one. */
  signedInAt(db: Knex, token: string | undefined): Promise<Date | null>;
  /** Sets the session cookie, or clears it with null. HttpOnly, Secure over HTTPS, for the whole site. */
  setCookie(ctx: { cookies: Cookies; secure: boolean }, token: string | null): void;
}

export function sessionStore<User>(policy: SessionPolicy<User>): SessionStore<User> {
  const { kind } = policy;
  return {
    policy,
    cookie: policy.cookie,
    async create(db, userId, now = new Date(), device = null) {
      const token = newToken();
      await insertSession(db, kind, {
        tokenHash: hashToken(token),
        ownerId: userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + policy.absoluteMs),
        device,
      });
      return token;
    },
    async resume(db, token, now = new Date()) {
      if (!isPlausibleToken(token)) return null;
      const tokenHash = hashToken(token);
      const session = await policy.find(db, tokenHash);
      if (!session) return null;
      const idleFor = now.getTime() - session.lastSeenAt.getTime();
      const user = idleFor > policy.idleMs || now >= session.expiresAt ? null : session.user;
      if (!user) {
        await deleteSession(db, kind, tokenHash);
        return null;
      }
      if (idleFor > policy.renewEveryMs) await touchSession(db, kind, tokenHash, now);
      return user;
    },
    async isLive(db, token, now = new Date()) {
      if (!isPlausibleToken(token)) return false;
      const session = await policy.find(db, hashToken(token));
      return session !== null && now.getTime() - session.lastSeenAt.getTime() <= policy.idleMs && now < session.expiresAt;
    },
    async end(db, token) {
      if (isPlausibleToken(token)) await deleteSession(db, kind, hashToken(token));
    },
    endAllOf: (db, userId) => deleteSessionsOf(db, kind, userId),
    async list(db, userId, token, now = new Date()) {
      const current = isPlausibleToken(token) ? hashToken(token) : null;
      const live = (await listSessionsOf(db, kind, userId)).filter(
        (s) => now.getTime() - s.lastSeenAt.getTime() <= policy.idleMs && now < s.expiresAt,
      );
      return live.map((s) => ({
        // The hash's first characters name a session to the page without giving its token away.
        id: s.tokenHash.slice(0, 16),
        device: s.device,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        current: s.tokenHash === current,
      }));
    },
    endOthers: (db, userId, token) => deleteOtherSessions(db, kind, userId, hashToken(token)),
    async signedInAt(db, token) {
      if (!isPlausibleToken(token)) return null;
      return (await policy.find(db, hashToken(token)))?.createdAt ?? null;
    },
    setCookie(ctx, token) {
      ctx.cookies.set(policy.cookie, token ?? '', {
        httpOnly: true,
        sameSite: policy.sameSite,
        secure: ctx.secure,
        path: '/',
        maxAge: token ? undefined : 0,
        overwrite: true,
      });
    },
  };
}

/**
 * Staff (decision 008): 30 minutes idle, renewed by any authenticated call (the panel's 10-minute heartbeat
 * included), 12 hours at most; SameSite=Strict, since the panel is never reached from another site's link.
 */
export const staffSessions = sessionStore<Admin>({
  kind: 'staff',
  cookie: 'velada_admin_sesion',
  sameSite: 'strict',
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
  renewEveryMs: 30_000,
  find: findStaffSession,
});

/**
 * Advertisers (decision 010) come back over days to edit, renew and pay: 14 days idle, 30 days at most, and
 * SameSite=Lax so that arriving from a mailed link keeps the session.
 */
export const advertiserSessions = sessionStore<SignedInAdvertiser>({
  kind: 'advertiser',
  cookie: 'velada_sesion',
  sameSite: 'lax',
  idleMs: 14 * 86_400_000,
  absoluteMs: 30 * 86_400_000,
  renewEveryMs: 3_600_000,
  find: findAdvertiserSession,
});
