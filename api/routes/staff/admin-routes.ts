// Staff accounts (super admin): partners with their permissions, disabled or enabled, a new password handed over
// once (core/panel/administrators/administrators.ts).
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { hashPassword, randomPassword } from '#api/services/passwords.ts';
import { created, done } from '#core/answers.ts';
import {
  administrators,
  createPartner,
  resetPartnerPassword,
  resetSecondStep,
  setPartnerActive,
  type Passwords,
} from '#core/panel/administrators/administrators.ts';
import { administratorBody } from './schema.ts';

const passwords: Passwords = { hash: hashPassword, random: randomPassword };

export function registerAdministratorRoutes({ deps, route }: StaffRoutes): void {
  route('get', '/administrators', async (ctx) => {
    ctx.body = await administrators(deps.db);
  });
  route('post', '/administrators', { body: administratorBody }, async (ctx, actor) => {
    const id = await createPartner({ db: deps.db, passwords }, actor, ctx.input.body);
    ctx.status = 201;
    ctx.body = created(id);
  });
  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    route('post', `/administrators/:id/${action}`, { params: idParams }, async (ctx, actor) => {
      await setPartnerActive(deps.db, actor, ctx.input.params.id, active);
      ctx.body = done();
    });
  }
  route('post', '/administrators/:id/reset-password', { params: idParams }, async (ctx, actor) => {
    ctx.body = await resetPartnerPassword({ db: deps.db, passwords }, actor, ctx.input.params.id);
  });
  route('post', '/administrators/:id/reset-second-step', { params: idParams }, async (ctx, actor) => {
    await resetSecondStep(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });
}
