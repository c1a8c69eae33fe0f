// Staff authentication endpoints: POST /api/admin/login, /logout, /heartbeat and GET /api/admin/me.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { signInSlowed, staffInvalidCredentials, staffSignInLocked } from '#api/errors.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { checkPassword } from '#api/services/passwords.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import { administratorForSignIn } from '#db/queries/admin/administrators.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { presentMe, presentSignedIn } from '#core/panel/staff-member.ts';
import { requireAdmin, signedInAdmin } from '#api/auth/guards.ts';
import { ADDRESS_LIMIT, beginSignIn, signInSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { mailStaffAlert } from '#api/services/staff-alerts.ts';
import { validate } from '#api/http/validate.ts';
import { loginBody } from './schema.ts';

export function adminAuthRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/admin' });

  // Per address, apart from the per-username lock: 30 attempts in 15 minutes.
  router.post(
    '/login',
    rateLimit(deps.rateLimits.budget('staff-login', { windowMs: 15 * 60_000, max: 30 })),
    validate({ body: loginBody, bodyLimitBytes: 4096 }),
    async (ctx) => {
      const { username, password } = ctx.input.body;
      const now = new Date();
      // The attempt takes its place before the password is checked (parallel requests cannot get past the limit).
      const start = await beginSignIn(deps.db, ctx, 'admin', username, now);
      if (start.alert) await mailStaffAlert(deps.mailer, deps.config.staffAlertEmail, start.alert, deps.config.siteOrigin);
      if (!start.allowed) {
        await audit(
          deps.db,
          { action: start.scope === 'address' ? 'login_locked' : 'login_slowed', username, details: { scope: start.scope }, ip: ctx.ip },
          now,
        );
        throw start.scope === 'address' ? staffSignInLocked() : signInSlowed(waitSeconds(start, now));
      }
      const account = await administratorForSignIn(deps.db, username);
      const valid = await checkPassword(account?.passwordHash, password);
      if (!account || !valid || !account.active) {
        await audit(
          deps.db,
          { action: 'login_failed', adminUserId: account?.admin.id ?? null, username, details: { failures: start.attempts }, ip: ctx.ip },
          now,
        );
        // The seed's rule: the fifth failure in a row from here locks (this address, for this account).
        throw start.attempts >= ADDRESS_LIMIT ? staffSignInLocked() : staffInvalidCredentials();
      }
      await signInSucceeded(deps.db, ctx, 'admin', username);
      const { admin } = account;
      const token = await staffSessions.create(deps.db, admin.id, now);
      await audit(deps.db, { action: 'login_succeeded', adminUserId: admin.id, username: admin.username, ip: ctx.ip }, now);
      staffSessions.setCookie(ctx, token);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentSignedIn(admin);
    },
  );

  router.post('/logout', async (ctx) => {
    const token = ctx.cookies.get(staffSessions.cookie);
    const admin = await staffSessions.resume(deps.db, token);
    await staffSessions.end(deps.db, token);
    if (admin) await audit(deps.db, { action: 'logout', adminUserId: admin.id, username: admin.username, ip: ctx.ip });
    staffSessions.setCookie(ctx, null);
    ctx.status = 204;
  });

  router.get('/me', requireAdmin(deps), (ctx) => {
    ctx.body = presentMe(signedInAdmin(ctx));
  });

  // The open panel calls this every 10 minutes; requireAdmin has renewed the session.
  router.post('/heartbeat', requireAdmin(deps), (ctx) => {
    ctx.status = 204;
  });

  return router;
}
