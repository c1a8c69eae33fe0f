// Staff authentication endpoints: POST /api/admin/login, /logout, /heartbeat and GET /api/admin/me. The login
// throttle (per address and per account) is HTTP's: it reads the address and sets cookies; checking the credentials,
// making the session and recording each outcome are the core's (core/panel/sign-in.ts).
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { signInSlowed, staffInvalidCredentials, staffSignInLocked } from '#api/errors.ts';
import { routes } from '#api/http/route.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { checkPassword } from '#api/services/passwords.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { presentMe } from '#core/panel/staff-member.ts';
import { recordRefusedSignIn, signIn, signOut, type PasswordCheck } from '#core/panel/sign-in.ts';
import { ADDRESS_LIMIT, beginSignIn, signInSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { loginBody } from './schema.ts';

const passwords: PasswordCheck = { check: checkPassword };

export function adminAuthRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/admin');

  // Per address (the staff-login budget), apart from the per-username lock.
  route('post', '/login', { access: 'public', budget: 'staff-login', input: { body: loginBody, bodyLimitBytes: 4096 } }, async (ctx) => {
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
  });

  route('post', '/logout', { access: 'public', budget: 'sign-out', input: {} }, async (ctx) => {
    await signOut(deps.db, ctx.cookies.get(staffSessions.cookie), ctx.ip);
    staffSessions.setCookie(ctx, null);
    ctx.status = 204;
  });
  return router;
}

/** Who is signed in, and the heartbeat the open panel sends every 10 minutes (the guard has renewed the session). */
export function registerStaffSessionRoutes({ route }: StaffRoutes): void {
  route('get', '/me', (ctx, actor) => {
    ctx.body = presentMe(actor.admin);
  });
  route('post', '/heartbeat', (ctx) => {
    ctx.status = 204;
  });
}
