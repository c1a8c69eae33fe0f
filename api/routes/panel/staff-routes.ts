// How the panel's data endpoints are declared: each is a route of api/http/route.ts with access 'admin' (a live
// staff session, then the permission ADMIN_ROUTES gives it, shared/admin-routes.ts) and the staff budget; the
// handler calls the panel's core (core/panel/) as the signed-in staff member, and sends what its presenters built. A
// refusal of the core (core/refusals.ts) is answered by the error middleware (api/refusal-answers.ts).
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import type { InputSchemas, WithInput } from '#api/http/validate.ts';
import { routes, type Method } from '#api/http/route.ts';
import type { StaffActor } from '#core/panel/staff-action.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { signedInAdmin } from '#api/auth/guards.ts';

export interface StaffRoutes {
  deps: RouterDeps;
  router: Router;
  /** Every route registered so far, with its permission. */
  permissions: ReadonlyMap<string, RoutePermission>;
  /** A route with no input, or with the input its schemas declare (validated after the permission checks). */
  route(method: Method, path: string, handler: (ctx: Context, actor: StaffActor) => Promise<void> | void): void;
  route<S extends InputSchemas>(
    method: Method,
    path: string,
    input: S,
    handler: (ctx: Context & WithInput<S>, actor: StaffActor) => Promise<void> | void,
  ): void;
}

type StaffHandler = (ctx: Context & WithInput<InputSchemas>, actor: StaffActor) => Promise<void> | void;

export function staffRoutes(deps: RouterDeps): StaffRoutes {
  const declared = routes(deps, '/admin');
  const permissions = new Map<string, RoutePermission>();
  return {
    deps,
    router: declared.router,
    permissions,
    route(method: Method, path: string, ...rest: [StaffHandler] | [InputSchemas, StaffHandler]) {
      const [input, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
      const key = `${method.toUpperCase()} /api/admin${path}`;
      declared.route(method, path, { access: 'admin', budget: 'staff', input }, (ctx) =>
        handler(ctx, { admin: signedInAdmin(ctx), ip: ctx.ip }),
      );
      permissions.set(key, ADMIN_ROUTES[key as AdminRoute]);
    },
  };
}
