// "Seguridad" over HTTP (decision 069), the same routes for staff (/api/admin/security…, any signed-in staff member)
// and advertisers (/api/advertiser/security…): the overview, passkeys, the authenticator app, recovery codes, the
// advertiser's choice of a second step, and "Cerrar las demás". The rules are the core's (core/second-step/security.ts).
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import type { InputSchemas, WithInput } from '#api/http/validate.ts';
import type { Method } from '#api/http/route.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { namedOwner, type NamedOwner } from '#core/second-step/owners.ts';
import {
  chooseSecondStep,
  endOtherSessions,
  finishAddingPasskey,
  finishAddingTotp,
  newRecoveryCodes,
  removePasskey,
  removeTotp,
  securityOverview,
  startAddingPasskey,
  startAddingTotp,
} from '#core/second-step/security.ts';
import { deviceLabel } from '#shared/device-label.ts';
import { codeBody, passkeyBody, passkeyIdParams, secondStepBody } from './schema.ts';
import { relyingParty, sealingKeys, type AccountSide } from '#api/services/account-sides.ts';

/** Registers one route for the signed-in account: `id` is the account's id the side's guard found. */
export type RegisterSecurityRoute = <S extends InputSchemas>(
  method: Method,
  path: string,
  input: S,
  handler: (ctx: Context & WithInput<S>, accountId: number) => Promise<void>,
) => void;

export function registerSecurityRoutes(register: RegisterSecurityRoute, deps: RouterDeps, side: AccountSide): void {
  const sessions = side.kind === 'staff' ? staffSessions : advertiserSessions;
  const token = (ctx: Context) => ctx.cookies.get(sessions.cookie);
  const context = (ctx: Context) => ({ db: deps.db, now: new Date(), ip: ctx.ip });
  async function owner(accountId: number): Promise<NamedOwner> {
    // The guard found a live session of this account, so the account exists.
    return (await namedOwner(deps.db, { kind: side.kind, id: accountId }))!;
  }
  const answer = (ctx: Context, body: unknown) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

  register('get', '/security', {}, async (ctx, id) => {
    answer(ctx, await securityOverview(deps.db, await owner(id), token(ctx), new Date()));
  });

  register('post', '/security/passkeys/options', {}, async (ctx, id) => {
    answer(ctx, await startAddingPasskey(context(ctx), relyingParty(deps, ctx), await owner(id)));
  });

  register('post', '/security/passkeys', { body: passkeyBody, bodyLimitBytes: 16_384 }, async (ctx, id) => {
    const passkey = { response: ctx.input.body.response as never, name: deviceLabel(ctx.get('user-agent')) };
    answer(ctx, await finishAddingPasskey(context(ctx), relyingParty(deps, ctx), await owner(id), passkey));
  });

  register('delete', '/security/passkeys/:id', { params: passkeyIdParams }, async (ctx, id) => {
    await removePasskey(context(ctx), await owner(id), token(ctx), ctx.input.params.id);
    ctx.status = 204;
  });

  register('post', '/security/totp', {}, async (ctx, id) => {
    answer(ctx, await startAddingTotp(context(ctx), sealingKeys(deps), await owner(id)));
  });

  register('post', '/security/totp/confirm', { body: codeBody, bodyLimitBytes: 1024 }, async (ctx, id) => {
    answer(ctx, await finishAddingTotp(context(ctx), sealingKeys(deps), await owner(id), ctx.input.body.code));
  });

  register('delete', '/security/totp', {}, async (ctx, id) => {
    await removeTotp(context(ctx), await owner(id), token(ctx));
    ctx.status = 204;
  });

  register('post', '/security/recovery-codes', {}, async (ctx, id) => {
    answer(ctx, await newRecoveryCodes(context(ctx), await owner(id), token(ctx)));
  });

  if (side.kind === 'advertiser') {
    register('put', '/security/second-step', { body: secondStepBody, bodyLimitBytes: 256 }, async (ctx, id) => {
      await chooseSecondStep(context(ctx), await owner(id), token(ctx), ctx.input.body.on);
      ctx.status = 204;
    });
  }

  register('post', '/security/sessions/end-others', {}, async (ctx, id) => {
    answer(ctx, await endOtherSessions(context(ctx), await owner(id), token(ctx)!));
  });
}
