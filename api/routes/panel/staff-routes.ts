// How the panel's data endpoints are declared: each route takes the permission ADMIN_ROUTES gives it
// (shared/admin-routes.ts) and goes through requireAdmin then requirePermission; a staff action commits together
// with its audit row.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouterDeps } from '#api/deps.ts';
import { validate, type InputSchemas, type WithInput } from '#api/http/validate.ts';
import { withAuditRow, type AuditRecord } from '#db/queries/admin/audit-log.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { requireAdmin, requirePermission, signedInAdmin } from '#api/auth/guards.ts';

/** What a staff action writes to the audit log; who and from where are added by `act`. */
export type StaffActionEntry = Pick<AuditRecord, 'action' | 'targetType' | 'targetId' | 'details'>;

export interface StaffRoutes {
  deps: RouterDeps;
  router: Router;
  /** Every route registered so far, with its permission. */
  permissions: ReadonlyMap<string, RoutePermission>;
  /** A route with no input, or with the input its schemas declare (validated after the permission checks). */
  route(method: Method, path: string, handler: (ctx: Context, admin: Admin) => Promise<void>): void;
  route<S extends InputSchemas>(
    method: Method,
    path: string,
    input: S,
    handler: (ctx: Context & WithInput<S>, admin: Admin) => Promise<void>,
  ): void;
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
}

type Method = 'get' | 'post' | 'put';

type StaffHandler = (ctx: Context & WithInput<InputSchemas>, admin: Admin) => Promise<void>;

export function staffRoutes(deps: RouterDeps): StaffRoutes {
  const router = new Router({ prefix: '/admin' });
  const permissions = new Map<string, RoutePermission>();
  return {
    deps,
    router,
    permissions,
    route(method: Method, path: string, ...rest: [StaffHandler] | [InputSchemas, StaffHandler]) {
      const [input, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
      const key = `${method.toUpperCase()} /api/admin${path}`;
      const permission: RoutePermission | undefined = ADMIN_ROUTES[key as AdminRoute];
      if (!permission) throw new Error(`${key} is missing from ADMIN_ROUTES (shared/admin-routes.ts)`);
      permissions.set(key, permission);
      const checks = permission === 'any_admin' ? [requireAdmin(deps)] : [requireAdmin(deps), requirePermission(deps, permission)];
      router[method](path, ...checks, validate(input), (ctx) => handler(ctx, signedInAdmin(ctx)));
    },
    act: (ctx, admin, entry, work) =>
      withAuditRow(deps.db, work, (result) => ({
        ...(typeof entry === 'function' ? entry(result) : entry),
        adminUserId: admin.id,
        username: admin.username,
        ip: ctx.ip,
      })),
  };
}
