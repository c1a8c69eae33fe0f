// How the panel's data endpoints are declared: each route takes the permission ADMIN_ROUTES gives it
// (shared/admin-routes.ts) and goes through requireAdmin then requirePermission; a staff action commits together
// with its audit row.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouterDeps } from '#api/deps.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import { audit, type AuditEntry } from '#db/queries/admin/audit-log.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { requireAdmin, requirePermission, signedInAdmin } from '#api/auth/guards.ts';

/** What a staff action writes to the audit log; who and from where are added by `act`. */
export type StaffActionEntry = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'details'>;

export interface StaffRoutes {
  deps: RouterDeps;
  router: Router;
  /** Every route registered so far, with its permission. */
  permissions: ReadonlyMap<string, RoutePermission>;
  route(method: 'get' | 'post' | 'put', path: string, handler: (ctx: Context, admin: Admin) => Promise<void>): void;
  /**
   * A staff action and its audit row, committed together: `work` runs in the transaction, and a refusal it throws
   * rolls both back. The entry may depend on what the work returns (the id of a row it created). Mail and other
   * effects outside the database go after it.
   */
  act<T>(
    ctx: Context,
    admin: Admin,
    entry: StaffActionEntry | ((result: T) => StaffActionEntry),
    work: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T>;
  /** The JSON body of a panel call (16 KB at most). */
  body(ctx: Context): Promise<unknown>;
}

export function staffRoutes(deps: RouterDeps): StaffRoutes {
  const router = new Router({ prefix: '/admin' });
  const permissions = new Map<string, RoutePermission>();
  return {
    deps,
    router,
    permissions,
    route(method, path, handler) {
      const key = `${method.toUpperCase()} /api/admin${path}`;
      const permission: RoutePermission | undefined = ADMIN_ROUTES[key as AdminRoute];
      if (!permission) throw new Error(`${key} is missing from ADMIN_ROUTES (shared/admin-routes.ts)`);
      permissions.set(key, permission);
      const checks = permission === 'any_admin' ? [requireAdmin(deps)] : [requireAdmin(deps), requirePermission(deps, permission)];
      router[method](path, ...checks, (ctx) => handler(ctx, signedInAdmin(ctx)));
    },
    act: (ctx, admin, entry, work) =>
      deps.db.transaction(async (trx) => {
        const result = await work(trx);
        const written = typeof entry === 'function' ? entry(result) : entry;
        await audit(trx, { ...written, adminUserId: admin.id, username: admin.username, ip: ctx.ip });
        return result;
      }),
    body: (ctx) => readJsonBody(ctx, { limitBytes: 16 * 1024, types: ['application/json'] }),
  };
}
