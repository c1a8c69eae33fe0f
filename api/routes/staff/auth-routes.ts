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
import { presentMe, presentSignedIn } from '#core/panel/staff-member.ts';
import { checkStaffPassword, recordRefusedSignIn, signOut, type PasswordCheck } from '#core/panel/sign-in.ts';
import { namedOwner } from '#core/second-step/owners.ts';
import { afterPassword } from '#api/routes/second-step/finish.ts';
import { registerSignInStepRoutes, registerStaffSetupRoutes } from '#api/routes/second-step/sign-in-routes.ts';
import { STAFF_SIDE } from '#api/services/account-sides.ts';
import { registerSecurityRoutes } from '#api/routes/second-step/security-routes.ts';
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
    const outcome = await checkStaffPassword({ db: deps.db, passwords, now }, { username, password, ip: ctx.ip, failures: start.attempts });
    // The seed's rule: the fifth failure in a row from here locks (this address, for this account).
    if (!outcome.accepted) throw start.attempts >= ADDRESS_LIMIT ? staffSignInLocked() : staffInvalidCredentials();
    await signInSucceeded(deps.db, ctx, 'admin', username);
    const owner = (await namedOwner(deps.db, { kind: 'staff', id: outcome.admin.id }))!;
    const next = await afterPassword(deps, ctx, STAFF_SIDE, owner, now);
    ctx.body = next.next === 'done' ? { ...next, ...presentSignedIn(outcome.admin) } : next;
  });
  registerSignInStepRoutes({ router, route }, deps, STAFF_SIDE);
  registerStaffSetupRoutes({ router, route }, deps, STAFF_SIDE);

  route('post', '/logout', { access: 'public', budget: 'sign-out', input: {} }, async (ctx) => {
    await signOut(deps.db, ctx.cookies.get(staffSessions.cookie), ctx.ip);
    staffSessions.setCookie(ctx, null);
    ctx.status = 204;
  });
  return router;
}

/**
 * Who is signed in, the heartbeat the open panel sends every 10 minutes (the guard has renewed the session), and
 * "Seguridad".
 */
export function registerStaffSessionRoutes({ route, deps }: StaffRoutes): void {
  route('get', '/me', (ctx, actor) => {
    ctx.body = presentMe(actor.admin);
  });
  route('post', '/heartbeat', (ctx) => {
    ctx.status = 204;
  });
  // "Seguridad" (decision 069): every staff member's own passkeys, app, recovery codes and sessions.
  registerSecurityRoutes(
    (method, path, input, handler) => route(method, path, input, (ctx, actor) => handler(ctx, actor.admin.id)),
    deps,
    STAFF_SIDE,
  );
}
