// How the panel's data endpoints are declared: each route takes the permission ADMIN_ROUTES gives it
// (shared/admin-routes.ts) and goes through requireAdmin then requirePermission, then validate(); the handler calls
// the panel's core (core/panel/) as the signed-in staff member, and sends what its presenters built. A refusal of the
// core (core/refusals.ts) is answered by the error middleware (api/refusal-answers.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { validate, type InputSchemas, type WithInput } from '#api/http/validate.ts';
import type { StaffActor } from '#core/panel/staff-action.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { requireAdmin, requirePermission, signedInAdmin } from '#api/auth/guards.ts';

export interface StaffRoutes {
  deps: RouterDeps;
  router: Router;
  /** Every route registered so far, with its permission. */
  permissions: ReadonlyMap<string, RoutePermission>;
  /** A route with no input, or with the input its schemas declare (validated after the permission checks). */
  route(method: Method, path: string, handler: (ctx: Context, actor: StaffActor) => Promise<void>): void;
  route<S extends InputSchemas>(
    method: Method,
    path: string,
    input: S,
    handler: (ctx: Context & WithInput<S>, actor: StaffActor) => Promise<void>,
  ): void;
}

type Method = 'get' | 'post' | 'put';

type StaffHandler = (ctx: Context & WithInput<InputSchemas>, actor: StaffActor) => Promise<void>;

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
      router[method](path, ...checks, validate(input), (ctx) => handler(ctx, { admin: signedInAdmin(ctx), ip: ctx.ip }));
    },
  };
}
