// Staff authentication endpoints: POST /api/admin/login, /logout, /heartbeat and GET /api/admin/me, plus the
// middleware every other admin endpoint goes through (a live session, then the permission it needs).
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '#api/app.ts';
import { HttpError, forbidden } from '#api/errors.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import { hashPassword, verifyPassword } from '#api/services/passwords.ts';
import { audit } from './audit.ts';
import { can, parsePermissions, type Admin, type AdminPermission } from '#shared/admin-permissions.ts';
import { SESSION_COOKIE, createSession, endSession, resumeSession } from './sessions.ts';
import { ADDRESS_LIMIT, WINDOW_MS, beginSignIn, signInSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { mailStaffAlert } from '#api/services/staff-alerts.ts';
import type { Mailer } from '#api/services/mail.ts';
import { parseInput } from '#api/http/validate.ts';

const loginBody = z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) });

export const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Tu sesión terminó o no iniciaste sesión. Ingresá de nuevo.');
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Credenciales incorrectas');
const usernameLocked = () =>
  new HttpError(429, 'login_locked', `Demasiados intentos fallidos. Esperá ${WINDOW_MS / 60_000} minutos o contactá al administrador principal.`);
const accountSlowed = (seconds: number) =>
  new HttpError(429, 'login_slowed', `Hay demasiados intentos de ingreso a esta cuenta. Esperá ${seconds} segundos y volvé a intentar.`);

// Unknown usernames cost the same as known ones: the answer time does not tell which exist.
let dummyHash: Promise<string> | null = null;
const passwordCheckFor = (hash: string | undefined, password: string) =>
  hash ? verifyPassword(password, hash) : (dummyHash ??= hashPassword(crypto.randomUUID())).then((h) => verifyPassword(password, h));

export interface AdminState {
  admin: Admin;
}

function setSessionCookie(ctx: Context, token: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, token ?? '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    maxAge: token ? undefined : 0,
    overwrite: true,
  });
}

/** A live staff session, renewed by this call; 401 otherwise. */
export function requireAdmin(deps: Pick<AppDeps, 'db'>): Middleware {
  return async (ctx: Context, next: Next) => {
    const admin = await resumeSession(deps.db, ctx.cookies.get(SESSION_COOKIE));
    if (!admin) {
      setSessionCookie(ctx, null);
      throw unauthenticated();
    }
    ctx.state.admin = admin;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/** After requireAdmin: the admin must hold `permission` (the super admin holds all); refusals are audited. */
export function requirePermission(deps: Pick<AppDeps, 'db'>, permission: AdminPermission | 'super_admin'): Middleware {
  return async (ctx: Context, next: Next) => {
    const admin = ctx.state.admin as Admin;
    if (!can(admin, permission)) {
      await audit(deps.db, { action: 'forbidden', adminUserId: admin.id, username: admin.username, details: { permission, method: ctx.method, path: ctx.path }, ip: ctx.ip });
      throw forbidden('forbidden', 'No tenés permiso para hacer esto.');
    }
    await next();
  };
}

function publicAdmin(admin: Admin) {
  return { username: admin.username, fullName: admin.fullName, isMaster: admin.isMaster, permissions: admin.permissions };
}

export function adminAuthRouter(deps: AppDeps & { mailer: Mailer }): Router {
  const router = new Router({ prefix: '/admin' });

  // Per address, apart from the per-username lock: 30 attempts in 15 minutes.
  router.post('/login', rateLimit({ windowMs: 15 * 60_000, max: 30 }), async (ctx) => {
    const { username, password } = parseInput(loginBody, await readJsonBody(ctx, { limitBytes: 4096, types: ['application/json'] }));
    const now = new Date();
    // The attempt takes its place before the password is checked (parallel requests cannot get past the limit).
    const start = await beginSignIn(deps.db, ctx, 'admin', username, now);
    if (start.alert) await mailStaffAlert(deps.mailer, deps.config.staffAlertEmail, start.alert, deps.config.siteOrigin);
    if (!start.allowed) {
      await audit(deps.db, { action: start.scope === 'address' ? 'login_locked' : 'login_slowed', username, details: { scope: start.scope }, ip: ctx.ip }, now);
      throw start.scope === 'address' ? usernameLocked() : accountSlowed(waitSeconds(start, now));
    }
    const user = await deps.db('admin_users').where('username', username).first();
    const valid = await passwordCheckFor(user?.password_hash, password);
    if (!user || !valid || !user.active) {
      await audit(deps.db, { action: 'login_failed', adminUserId: user?.id ?? null, username, details: { failures: start.attempts }, ip: ctx.ip }, now);
      // The seed's rule: the fifth failure in a row from here locks (this address, for this account).
      throw start.attempts >= ADDRESS_LIMIT ? usernameLocked() : invalidCredentials();
    }
    await signInSucceeded(deps.db, ctx, 'admin', username);
    const token = await createSession(deps.db, user.id, now);
    await audit(deps.db, { action: 'login_succeeded', adminUserId: user.id, username: user.username, ip: ctx.ip }, now);
    setSessionCookie(ctx, token);
    ctx.set('Cache-Control', 'no-store');
    const admin: Admin = {
      id: user.id,
      username: user.username,
      fullName: user.full_name,
      isMaster: Boolean(user.is_master),
      permissions: parsePermissions(user.permissions),
    };
    ctx.body = { success: true, admin: publicAdmin(admin) };
  });

  router.post('/logout', async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    const admin = await resumeSession(deps.db, token);
    await endSession(deps.db, token);
    if (admin) await audit(deps.db, { action: 'logout', adminUserId: admin.id, username: admin.username, ip: ctx.ip });
    setSessionCookie(ctx, null);
    ctx.status = 204;
  });

  router.get('/me', requireAdmin(deps), (ctx) => {
    ctx.body = { admin: publicAdmin(ctx.state.admin as Admin) };
  });

  // The open panel calls this every 10 minutes; requireAdmin has renewed the session.
  router.post('/heartbeat', requireAdmin(deps), (ctx) => {
    ctx.status = 204;
  });

  return router;
}
