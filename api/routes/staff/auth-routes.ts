// Staff authentication endpoints: POST /api/admin/login, /logout, /heartbeat and GET /api/admin/me. The login
// throttle (per address and per account) is HTTP's: it reads the address and sets cookies; checking the credentials,
// making the session and recording each outcome are the core's (core/panel/sign-in.ts).
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { signInSlowed, staffInvalidCredentials, staffSignInLocked } from '#api/errors.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { checkPassword } from '#api/services/passwords.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { presentMe } from '#core/panel/staff-member.ts';
import { recordRefusedSignIn, signIn, signOut, type PasswordCheck } from '#core/panel/sign-in.ts';
import { requireAdmin, signedInAdmin } from '#api/auth/guards.ts';
import { ADDRESS_LIMIT, beginSignIn, signInSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { validate } from '#api/http/validate.ts';
import { loginBody } from './schema.ts';

const passwords: PasswordCheck = { check: checkPassword };

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
        await recordRefusedSignIn(deps.db, { scope: start.scope, username, ip: ctx.ip }, now);
        throw start.scope === 'address' ? staffSignInLocked() : signInSlowed(waitSeconds(start, now));
      }
      const outcome = await signIn({ db: deps.db, passwords, now }, { username, password, ip: ctx.ip, failures: start.attempts });
      // The seed's rule: the fifth failure in a row from here locks (this address, for this account).
      if (!outcome.signedIn) throw start.attempts >= ADDRESS_LIMIT ? staffSignInLocked() : staffInvalidCredentials();
      await signInSucceeded(deps.db, ctx, 'admin', username);
      staffSessions.setCookie(ctx, outcome.token);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = outcome.answer;
    },
  );

  router.post('/logout', async (ctx) => {
    await signOut(deps.db, ctx.cookies.get(staffSessions.cookie), ctx.ip);
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
