// The two ways a right password goes on (decision 069): straight to a session, or to a step (a second step, or for
// staff without a factor the set-up of one), and the end of every sign-in: the session and device cookies.
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { completeSignIn, type SignInMethod } from '#core/second-step/complete-sign-in.ts';
import { hasFactor } from '#core/second-step/factors.ts';
import { methodsOf, openStep } from '#core/second-step/sign-in-flow.ts';
import type { NamedOwner } from '#core/second-step/owners.ts';
import type { SignInNext } from '#shared/contracts/second-step.ts';
import { deviceLabel } from '#shared/device-label.ts';
import { setDeviceCookie, setStepCookie, type AccountSide } from '#api/services/account-sides.ts';

/** Makes the session and sets its cookie, and the device cookie for another year. */
export async function finishSignIn(
  deps: RouterDeps,
  ctx: Context,
  side: AccountSide,
  owner: NamedOwner,
  method: SignInMethod,
  now: Date,
): Promise<void> {
  const { sessionToken, deviceToken } = await completeSignIn(
    { db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin, staffAlertEmail: deps.config.staffAlertEmail },
    owner,
    { device: deviceLabel(ctx.get('user-agent')), deviceToken: ctx.cookies.get(side.deviceCookie), ip: ctx.ip },
    method,
    now,
  );
  (side.kind === 'staff' ? staffSessions : advertiserSessions).setCookie(ctx, sessionToken);
  setDeviceCookie(ctx, side, deviceToken);
  setStepCookie(ctx, side, null);
  ctx.set('Cache-Control', 'no-store');
}

/**
 * After the right password. Staff: a second step when they have a factor; the set-up of one when they have none
 * (unless STAFF_WITHOUT_SECOND_STEP names them, outside production). Advertisers: a second step when they asked for
 * one and have a factor; otherwise the password is enough.
 */
export async function afterPassword(deps: RouterDeps, ctx: Context, side: AccountSide, owner: NamedOwner, now: Date): Promise<SignInNext> {
  const factor = await hasFactor(deps.db, owner);
  const exempt = owner.kind === 'staff' && deps.config.staffWithoutSecondStep.includes(owner.name);
  const next: SignInNext['next'] =
    factor && owner.secondStepOn ? 'second-step' : owner.kind === 'staff' && !factor && !exempt ? 'setup' : 'done';
  ctx.set('Cache-Control', 'no-store');
  if (next === 'done') {
    await finishSignIn(deps, ctx, side, owner, 'password', now);
    return { next };
  }
  setStepCookie(ctx, side, await openStep(deps.db, owner, next, now));
  return next === 'setup' ? { next } : { next, methods: await methodsOf(deps.db, owner) };
}
