// Advertiser accounts over HTTP: register, confirm the email, sign in and out, forgotten password, and who is
// signed in. Sign-in is throttled like the staff login: 5 failures lock an email for 15 minutes, and each
// address has its own in-memory quota.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { advertiserInvalidCredentials, advertiserSignInLocked, emailNotConfirmed, invalidLink, signInSlowed } from '#api/errors.ts';
import { routes, type Routes } from '#api/http/route.ts';
import { checkPassword, hashPassword } from '#api/services/passwords.ts';
import { ADDRESS_LIMIT, beginSignIn, signInSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { namedOwner } from '#core/second-step/owners.ts';
import { afterPassword } from '#api/routes/second-step/finish.ts';
import { registerSignInStepRoutes } from '#api/routes/second-step/sign-in-routes.ts';
import { registerPasswordlessRoutes } from '#api/routes/second-step/passwordless-routes.ts';
import { registerSecurityRoutes } from '#api/routes/second-step/security-routes.ts';
import { ADVERTISER_SIDE } from '#api/services/account-sides.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { confirmEmailMail, resetPasswordMail } from '#core/accounts/mails.ts';
import {
  accountAwaitingConfirmation,
  accountForPasswordReset,
  checkCredentials,
  confirmEmail,
  issueToken,
  registerAdvertiser,
  resetPassword,
  signInKey,
} from '#core/accounts/accounts.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { presentOwnAccount, registered } from '#core/accounts/present-account.ts';
import { done, passwordAccepted } from '#core/answers.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { registerBody, loginBody, emailBody, resendBody, confirmBody, resetBody } from './schema.ts';

/**
 * A return path for the confirmation link, or '' for none: a path of this site that stays one when decoded once
 * more ('/%09/evil.example' is '/\t/evil.example' to whoever decodes it), written readably: '/publicar-anuncio%3Fplan%3Dvip'.
 */
export function returnPathForMail(value: unknown): string {
  const path = safeReturnPath(typeof value === 'string' ? value : undefined, '');
  if (!path) return '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return '';
  }
  return safeReturnPath(decoded, '') ? encodeURIComponent(path).replaceAll('%2F', '/') : '';
}

/** Registering and the routes the mailed links lead to: confirming the email and choosing a new password. */
function addEmailLinkRoutes(route: Routes['route'], deps: RouterDeps): void {
  const { mailer } = deps;
  // Links always point at the configured site, never at the request's Host or X-Forwarded-Host: a forged header
  // would otherwise send the victim's token to another site.
  const link = (pathAndQuery: string) => `${deps.config.siteOrigin}${pathAndQuery}`;

  /** `volver`: where the confirmation page's "Ingresar" leads after signing in (unchecked input is fine). */
  async function sendConfirmation(account: { id: number; email: string }, volver?: unknown) {
    const secret = await issueToken(deps.db, account.id, 'confirm_email');
    const next = returnPathForMail(volver);
    await mailer.send(confirmEmailMail(account.email, link(`/confirmar-email?token=${secret}${next ? `&volver=${next}` : ''}`)));
  }

  route(
    'post',
    '/register',
    { access: 'public', budget: 'advertiser-register', input: { body: registerBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const input = ctx.input.body;
      const id = await registerAdvertiser({ db: deps.db, hashPassword }, input);
      await sendConfirmation({ id, email: signInKey(input.email) }, input.volver);
      ctx.status = 201;
      ctx.body = registered(signInKey(input.email));
    },
  );

  route(
    'post',
    '/confirm-email',
    { access: 'public', budget: 'email-confirm', input: { body: confirmBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const result = await confirmEmail(deps.db, ctx.input.body.token);
      if (result === 'invalid' || result === 'expired') throw invalidLink(result === 'expired');
      ctx.body = done();
    },
  );

  // The same answer whether or not the email has an account: the form must not tell who advertises here.
  route(
    'post',
    '/resend-confirmation',
    { access: 'public', budget: 'confirmation-resend', input: { body: resendBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const input = ctx.input.body;
      const account = await accountAwaitingConfirmation(deps.db, input.email);
      if (account) await sendConfirmation(account, input.volver);
      ctx.status = 202;
      ctx.body = done();
    },
  );

  route(
    'post',
    '/forgot-password',
    { access: 'public', budget: 'password-forgot', input: { body: emailBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const account = await accountForPasswordReset(deps.db, ctx.input.body.email);
      if (account) {
        const secret = await issueToken(deps.db, account.id, 'reset_password');
        await mailer.send(resetPasswordMail(account.email, account.fullName, link(`/restablecer-clave?token=${secret}`)));
      }
      ctx.status = 202;
      ctx.body = done();
    },
  );

  route(
    'post',
    '/reset-password',
    { access: 'public', budget: 'password-reset', input: { body: resetBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const input = ctx.input.body;
      const result = await resetPassword({ db: deps.db, hashPassword }, input.token, input.password);
      if (result === 'invalid' || result === 'expired') throw invalidLink(result === 'expired');
      ctx.body = done();
    },
  );
}

/** Signing in (throttled), signing out, and who is signed in. */
function addSessionRoutes(route: Routes['route'], deps: RouterDeps): void {
  route(
    'post',
    '/login',
    { access: 'public', budget: 'advertiser-login', input: { body: loginBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const input = ctx.input.body;
      const now = new Date();
      // The attempt takes its place before the password is checked (parallel requests cannot get past the limit).
      const start = await beginSignIn(deps.db, ctx, 'advertiser', signInKey(input.email), now);
      if (start.alert) await mailStaffAlert(deps.mailer, deps.config.staffAlertEmail, start.alert, deps.config.siteOrigin);
      if (!start.allowed) {
        if (start.scope === 'address') throw advertiserSignInLocked();
        throw signInSlowed(waitSeconds(start, now));
      }
      const account = await checkCredentials({ db: deps.db, checkPassword }, input.email, input.password);
      if (account === 'invalid') {
        if (start.attempts >= ADDRESS_LIMIT) throw advertiserSignInLocked();
        throw advertiserInvalidCredentials();
      }
      if (account === 'unconfirmed') throw emailNotConfirmed();
      await signInSucceeded(deps.db, ctx, 'advertiser', signInKey(input.email));
      const owner = (await namedOwner(deps.db, { kind: 'advertiser', id: account.advertiserId }))!;
      ctx.body = passwordAccepted(await afterPassword(deps, ctx, ADVERTISER_SIDE, owner, now));
    },
  );

  route('post', '/logout', { access: 'public', budget: 'sign-out', input: {} }, async (ctx) => {
    await advertiserSessions.end(deps.db, ctx.cookies.get(advertiserSessions.cookie));
    advertiserSessions.setCookie(ctx, null);
    ctx.status = 204;
  });

  route('get', '/me', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, (ctx) => {
    ctx.body = presentOwnAccount(signedInAdvertiser(ctx));
  });
}

export function advertiserAccountRouter(deps: RouterDeps): Router {
  const declared = routes(deps, '/advertiser');
  const { router, route } = declared;
  addEmailLinkRoutes(route, deps);
  addSessionRoutes(route, deps);
  // Passkeys and the second step (decision 069).
  registerSignInStepRoutes(declared, deps, ADVERTISER_SIDE);
  registerPasswordlessRoutes(declared, deps, ADVERTISER_SIDE);
  registerSecurityRoutes(
    (method, path, input, handler) =>
      route(method, path, { access: 'advertiser', budget: method === 'get' ? 'advertiser-reads' : 'advertiser-writes', input }, (ctx) =>
        handler(ctx, signedInAdvertiser(ctx).id),
      ),
    deps,
    ADVERTISER_SIDE,
  );
  return router;
}
