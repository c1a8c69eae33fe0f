// Signing in with a passkey instead of the password (advertisers, decision 069): POST /api/advertiser/passkey/options
// opens a challenge (its step in a cookie, no account named: the passkey says whose it is) and
// /api/advertiser/passkey/sign-in checks the answer and signs in. A passkey requires the device's screen lock, so it
// is a whole sign-in by itself, second step included.
import type { Routes } from '#api/http/route.ts';
import { signedIn } from '#core/answers.ts';
import type { RouterDeps } from '#api/deps.ts';
import { passkeyRefused, stepExpired } from '#api/errors.ts';
import { requestOptions, usePasskey } from '#core/second-step/passkeys.ts';
import { namedOwner } from '#core/second-step/owners.ts';
import { closeStep, openStep, stepOf } from '#core/second-step/sign-in-flow.ts';
import { finishSignIn } from './finish.ts';
import { passkeyBody } from './schema.ts';
import { relyingParty, setStepCookie, type AccountSide } from '#api/services/account-sides.ts';

export function registerPasswordlessRoutes({ route }: Routes, deps: RouterDeps, side: AccountSide): void {
  route('post', '/passkey/options', { access: 'public', budget: side.loginBudget, input: {} }, async (ctx) => {
    const now = new Date();
    const options = await requestOptions(deps.db, relyingParty(deps, ctx), null);
    setStepCookie(ctx, side, await openStep(deps.db, { kind: side.kind, id: null }, 'passkey-sign-in', now, options.challenge));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = options;
  });

  route(
    'post',
    '/passkey/sign-in',
    { access: 'public', budget: side.loginBudget, input: { body: passkeyBody, bodyLimitBytes: 16_384 } },
    async (ctx) => {
      const now = new Date();
      const token = ctx.cookies.get(side.stepCookie);
      const step = await stepOf(deps.db, token, side.kind, ['passkey-sign-in'], now);
      if (!step?.challenge) throw stepExpired();
      const answer = { response: ctx.input.body.response as never, challenge: step.challenge, owner: null, kind: side.kind };
      const found = await usePasskey(deps.db, relyingParty(deps, ctx), answer, now);
      const owner = found && (await namedOwner(deps.db, found));
      if (!owner?.maySignIn) throw passkeyRefused();
      if (!(await closeStep(deps.db, token!))) throw stepExpired();
      await finishSignIn(deps, ctx, side, owner, 'passkey', now);
      ctx.body = signedIn();
    },
  );
}
