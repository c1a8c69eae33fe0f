// Staff accounts (super admin): partners with their permissions, disabled or enabled, a new password handed over once.
import { conflict, notFound } from '#api/errors.ts';
import {
  administratorIdByUsername,
  createAdministrator,
  listAdministrators,
  setAdministratorActive,
  setAdministratorPassword,
} from '#db/queries/admin/administrators.ts';
import { passwordWithHash } from './administrator-accounts.ts';
import { idParams } from '#api/http/validate.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { administratorBody } from './schema.ts';

export function registerAdministratorRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/administrators', async (ctx) => {
    ctx.body = await listAdministrators(deps.db);
  });
  route('post', '/administrators', { body: administratorBody }, async (ctx, admin) => {
    const input = ctx.input.body;
    if (await administratorIdByUsername(deps.db, input.username)) {
      throw conflict('duplicate_username', 'Ya existe un administrador con ese usuario.');
    }
    const { password, ...account } = input;
    const { passwordHash } = await passwordWithHash(password);
    const id = await act(
      ctx,
      admin,
      (created: number) => ({
        action: 'administrator_created',
        targetType: 'admin_user',
        targetId: created,
        details: { username: input.username, permissions: input.permissions },
      }),
      (trx) => createAdministrator(trx, { ...account, passwordHash }),
    );
    ctx.status = 201;
    ctx.body = { success: true, id };
  });
  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    route('post', `/administrators/:id/${action}`, { params: idParams }, async (ctx, admin) => {
      const { id } = ctx.input.params;
      await act(ctx, admin, { action: `administrator_${action}d`, targetType: 'admin_user', targetId: id }, async (trx) => {
        const result = await setAdministratorActive(trx, id, active);
        if (result === 'missing') throw notFound('administrator_not_found', 'El administrador no existe.');
        if (result === 'master') throw conflict('master_admin', 'El administrador principal no se puede desactivar.');
        if (!active) await staffSessions.endAllOf(trx, id);
      });
      ctx.body = { success: true };
    });
  }
  route('post', '/administrators/:id/reset-password', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const { password, passwordHash } = await passwordWithHash();
    await act(ctx, admin, { action: 'administrator_password_reset', targetType: 'admin_user', targetId: id }, async (trx) => {
      if (!(await setAdministratorPassword(trx, id, passwordHash)))
        throw notFound('administrator_not_found', 'El administrador no existe.');
    });
    // Shown once to the super admin, who hands it over; never stored in clear or logged.
    ctx.body = { success: true, password };
  });
}
