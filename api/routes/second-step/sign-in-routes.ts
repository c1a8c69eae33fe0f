// The second step of a sign-in and, for staff without a factor, setting one up before reaching the panel
// (decision 069): POST {prefix}/login/code, /login/passkey/options, /login/passkey, and for staff
// /login/setup/totp(/confirm) and /login/setup/passkey(/options). Each reads the step its cookie names; the step
// allows 5 wrong codes, then the password must be typed again, and staff hear of it.
import type { Context } from 'koa';
import type { Routes } from '#api/http/route.ts';
import { signedIn } from '#core/answers.ts';
import type { RouterDeps } from '#api/deps.ts';
import {
  advertiserSignInLocked,
  passkeyRefused,
  signInSlowed,
  staffSignInLocked,
  stepExpired,
  tooManyWrongCodes,
  wrongCode,
} from '#api/errors.ts';
import { beginCodeAttempt, secondStepSucceeded, waitSeconds } from '#api/services/login-throttle.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { confirmTotp, newTotpSetup, recoveryCodesAfterAdding, useCode } from '#core/second-step/factors.ts';
import { addPasskey, creationOptions, requestOptions, usePasskey } from '#core/second-step/passkeys.ts';
import { namedOwner, recordFactorChange, type NamedOwner } from '#core/second-step/owners.ts';
import {
  closeStep,
  failStep,
  setStepChallenge,
  setStepSecret,
  stepOf,
  stepOwner,
  type StepPurpose,
} from '#core/second-step/sign-in-flow.ts';
import { secondStepFailedAlert } from '#core/second-step/alerts.ts';
import type { SignInStep } from '#db/models/index.ts';
import { refuse } from '#core/refusals.ts';
import type { FactorAdded } from '#shared/contracts/second-step.ts';
import { deviceLabel } from '#shared/device-label.ts';
import { finishSignIn } from './finish.ts';
import type { SignInMethod } from '#core/second-step/complete-sign-in.ts';
import { codeBody, passkeyBody } from './schema.ts';
import { relyingParty, sealingKeys, setStepCookie, type AccountSide } from '#api/services/account-sides.ts';

interface OpenStep {
  token: string;
  step: SignInStep;
  owner: NamedOwner;
}

/** What every step route does: find its step, count a failure, and finish the sign-in. */
function stepHandling(deps: RouterDeps, side: AccountSide) {
  /** The step this request's cookie names, of one of these purposes; a refusal when it expired or was used. */
  async function currentStep(ctx: Context, purposes: readonly StepPurpose[], now: Date): Promise<OpenStep> {
    const token = ctx.cookies.get(side.stepCookie);
    const step = await stepOf(deps.db, token, side.kind, purposes, now);
    const owner = step?.ownerId ? await namedOwner(deps.db, stepOwner(step)) : null;
    if (!step || !owner?.maySignIn) throw stepExpired();
    return { token: token!, step, owner };
  }

  /** A wrong code or passkey: counted against the step; the fifth ends it and alerts staff. */
  async function failed(ctx: Context, open: OpenStep, refusal: () => Error, now: Date): Promise<never> {
    await recordFactorChange(deps.db, open.owner, 'second_step_failed', {}, ctx.ip, now);
    if (!(await failStep(deps.db, open.token))) throw refusal();
    setStepCookie(ctx, side, null);
    const message = await secondStepFailedAlert(deps.db, open.owner, now);
    await mailStaffAlert(deps.mailer, deps.config.staffAlertEmail, message, deps.config.siteOrigin);
    throw tooManyWrongCodes();
  }

  /** Takes the step (once: a double submit signs in once) and signs in. */
  async function finish(ctx: Context, open: OpenStep, method: SignInMethod, now: Date): Promise<void> {
    if (!(await closeStep(deps.db, open.token))) throw stepExpired();
    await secondStepSucceeded(deps.db, ctx, side.throttleKind, open.owner.name);
    await finishSignIn(deps, ctx, side, open.owner, method, now);
  }

  return { currentStep, failed, finish };
}

export function registerSignInStepRoutes({ route }: Routes, deps: RouterDeps, side: AccountSide): void {
  const { currentStep, failed, finish } = stepHandling(deps, side);
  const login = 'sign-in-steps' as const;
  route('post', '/login/code', { access: 'public', budget: login, input: { body: codeBody, bodyLimitBytes: 1024 } }, async (ctx) => {
    const now = new Date();
    const open = await currentStep(ctx, ['second-step'], now);
    const start = await beginCodeAttempt(deps.db, ctx, side.throttleKind, open.owner.name, now);
    if (!start.allowed) {
      if (start.scope === 'account') throw signInSlowed(waitSeconds(start, now));
      throw side.kind === 'staff' ? staffSignInLocked() : advertiserSignInLocked();
    }
    const used = await useCode(deps.db, sealingKeys(deps), open.owner, ctx.input.body.code, now);
    if (!used) return failed(ctx, open, wrongCode, now);
    if (used === 'recovery') await recordFactorChange(deps.db, open.owner, 'recovery_code_used', {}, ctx.ip, now);
    await finish(ctx, open, used, now);
    ctx.body = signedIn();
  });

  route('post', '/login/passkey/options', { access: 'public', budget: login, input: {} }, async (ctx) => {
    const open = await currentStep(ctx, ['second-step'], new Date());
    const options = await requestOptions(deps.db, relyingParty(deps, ctx), open.owner);
    await setStepChallenge(deps.db, open.token, options.challenge);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = options;
  });

  route(
    'post',
    '/login/passkey',
    { access: 'public', budget: login, input: { body: passkeyBody, bodyLimitBytes: 16_384 } },
    async (ctx) => {
      const now = new Date();
      const open = await currentStep(ctx, ['second-step'], now);
      const challenge = open.step.challenge;
      const answer = { response: ctx.input.body.response as never, challenge: challenge ?? '', owner: open.owner, kind: side.kind };
      const owner = challenge ? await usePasskey(deps.db, relyingParty(deps, ctx), answer, now) : null;
      if (!owner) return failed(ctx, open, passkeyRefused, now);
      await finish(ctx, open, 'passkey', now);
      ctx.body = signedIn();
    },
  );
}

/** Staff without a factor set one up before reaching the panel: an authenticator app or a passkey. */
export function registerStaffSetupRoutes({ route }: Routes, deps: RouterDeps, side: AccountSide): void {
  const { currentStep, failed, finish } = stepHandling(deps, side);
  const login = 'sign-in-steps' as const;

  /** A staff member's first factor: audited, recovery codes made, and the sign-in finished. */
  async function factorSetUp(ctx: Context, open: OpenStep, method: 'totp' | 'passkey', now: Date): Promise<FactorAdded> {
    await recordFactorChange(deps.db, open.owner, 'factor_added', { method }, ctx.ip, now);
    const recoveryCodes = await recoveryCodesAfterAdding(deps.db, open.owner, now);
    await finish(ctx, open, 'setup', now);
    return { next: 'done', recoveryCodes };
  }

  route('post', '/login/setup/totp', { access: 'public', budget: login, input: {} }, async (ctx) => {
    const open = await currentStep(ctx, ['setup'], new Date());
    const { setup, sealed } = newTotpSetup(sealingKeys(deps), open.owner, open.owner.name);
    await setStepSecret(deps.db, open.token, sealed);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = setup;
  });

  route(
    'post',
    '/login/setup/totp/confirm',
    { access: 'public', budget: login, input: { body: codeBody, bodyLimitBytes: 1024 } },
    async (ctx) => {
      const now = new Date();
      const open = await currentStep(ctx, ['setup'], now);
      const pending = open.step.pendingSecretSealed;
      if (!pending || !(await confirmTotp(deps.db, sealingKeys(deps), open.owner, pending, ctx.input.body.code, now)))
        return failed(ctx, open, wrongCode, now);
      ctx.body = await factorSetUp(ctx, open, 'totp', now);
    },
  );

  route('post', '/login/setup/passkey/options', { access: 'public', budget: login, input: {} }, async (ctx) => {
    const open = await currentStep(ctx, ['setup'], new Date());
    const user = { name: open.owner.name, displayName: open.owner.displayName };
    const options = await creationOptions(deps.db, relyingParty(deps, ctx), open.owner, user);
    await setStepChallenge(deps.db, open.token, options.challenge);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = options;
  });

  route(
    'post',
    '/login/setup/passkey',
    { access: 'public', budget: login, input: { body: passkeyBody, bodyLimitBytes: 16_384 } },
    async (ctx) => {
      const now = new Date();
      const open = await currentStep(ctx, ['setup'], now);
      const answer = {
        response: ctx.input.body.response as never,
        challenge: open.step.challenge ?? '',
        name: deviceLabel(ctx.get('user-agent')),
      };
      if (!open.step.challenge || !(await addPasskey(deps.db, relyingParty(deps, ctx), open.owner, answer, now)))
        throw refuse('passkey_not_added');
      ctx.body = await factorSetUp(ctx, open, 'passkey', now);
    },
  );
}
