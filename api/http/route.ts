// How every API route is declared, for every audience: who may call it, the per-source budget it counts against
// (or why it has none) and the input it accepts (schemas and body limit). Nothing is optional: a route that takes no
// input says `input: {}`, and one that must always answer names its reason in `unlimited()`. The middleware runs in
// one order: the budget, then the guard, then validate() (a caller who may not call the route learns nothing about
// its input), then the handler. Each route keeps its declaration, which the security tests read from the app
// (api/security/route-catalogue.ts) to check it against the access they expect.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { requireAdmin, requireAdvertiser, requirePermission } from '#api/auth/guards.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import type { RateLimitStore } from '#api/services/rate-limit-store.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { budgetOf, type BudgetName } from './budgets.ts';
import { validate, type InputSchemas, type WithInput } from './validate.ts';

export type RouteAccess =
  /** Anyone, signed in or not. */
  | 'public'
  /** A signed-in advertiser; the handler acts on their own rows only. */
  | 'advertiser'
  /** A live staff session holding the permission ADMIN_ROUTES gives the route (shared/admin-routes.ts). */
  | 'admin'
  /** No session: the handler checks a signature (MercadoPago's notifications). */
  | 'signature';

/** A route with no per-source budget, and why: it must answer whatever the load ("Estoy bien", the quick exit). */
export interface Unlimited {
  unlimited: string;
}
export const unlimited = (reason: string): Unlimited => ({ unlimited: reason });

export interface RouteDeclaration<S extends InputSchemas> {
  access: RouteAccess;
  budget: BudgetName | Unlimited;
  input: S;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

export type RouteHandler<S extends InputSchemas> = (ctx: Context & WithInput<S>) => Promise<void> | void;

/** What the app's routers keep of a route's declaration (read by the security tests). */
export interface DeclaredRoute {
  access: RouteAccess;
  budget: BudgetName | Unlimited;
  permission?: RoutePermission;
}

const DECLARATION = Symbol.for('velada.route-declaration');

/** The declaration kept on a route's last middleware, or undefined for a route not declared with route(). */
export function declarationOf(middleware: unknown): DeclaredRoute | undefined {
  return (middleware as { [DECLARATION]?: DeclaredRoute })[DECLARATION];
}

export interface Routes {
  readonly router: Router;
  route<S extends InputSchemas>(method: Method, path: string, declaration: RouteDeclaration<S>, handler: RouteHandler<S>): void;
}

/** What the guards and budgets need: the sessions' database and the store budgets are counted in. */
export interface RouteDeps {
  db: Knex;
  rateLimits: RateLimitStore;
}

/** Routes under `/api${prefix}`, each declared with route(). */
export function routes(deps: RouteDeps, prefix: string): Routes {
  const router = new Router({ prefix });
  return {
    router,
    route(method, path, { access, budget, input }, handler) {
      const permission = access === 'admin' ? permissionOf(`${method.toUpperCase()} /api${prefix}${path}`) : undefined;
      const run: Middleware = (ctx) => handler(ctx as Context & WithInput<typeof input>);
      const declared: DeclaredRoute = { access, budget, ...(permission ? { permission } : {}) };
      Object.assign(run, { [DECLARATION]: declared });
      const limit: Middleware[] = typeof budget === 'string' ? [rateLimit(budgetOf(deps.rateLimits, budget))] : [];
      router[method](path, ...limit, ...guardOf(deps, access, permission), validate(input) as Middleware, run);
    },
  };
}

function permissionOf(key: string): RoutePermission {
  const permission: RoutePermission | undefined = ADMIN_ROUTES[key as AdminRoute];
  if (!permission) throw new Error(`${key} is missing from ADMIN_ROUTES (shared/admin-routes.ts)`);
  return permission;
}

function guardOf(deps: RouteDeps, access: RouteAccess, permission: RoutePermission | undefined): Middleware[] {
  if (access === 'advertiser') return [requireAdvertiser(deps)];
  if (access !== 'admin') return [];
  return permission === 'any_admin' ? [requireAdmin(deps)] : [requireAdmin(deps), requirePermission(deps, permission!)];
}
