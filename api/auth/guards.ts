// The guards of authenticated endpoints, and typed access to who passed them: a live staff session (then the
// permission an endpoint needs), or a signed-in advertiser. Every refusal of a permission is audited.
import type { Context, Middleware, Next } from 'koa';
import type { Knex } from 'knex';
import { advertiserUnauthenticated, noPermission, staffUnauthenticated } from '#api/errors.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import { can, type Admin, type AdminPermission } from '#shared/admin-permissions.ts';
import { advertiserSessions, staffSessions, type SessionStore, type SignedInAdvertiser } from '#core/sessions/sessions.ts';

/** A live session of `store`, renewed by this call, in ctx.state[key]; 401 (and the cookie cleared) otherwise. */
function requireSession<User>(deps: { db: Knex }, store: SessionStore<User>, key: 'admin' | 'advertiser', refuse: () => Error): Middleware {
  return async (ctx: Context, next: Next) => {
    const user = await store.resume(deps.db, ctx.cookies.get(store.cookie));
    if (!user) {
      store.setCookie(ctx, null);
      throw refuse();
    }
    ctx.state[key] = user;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/** A live staff session in ctx.state.admin; 401 otherwise. */
export const requireAdmin = (deps: { db: Knex }) => requireSession(deps, staffSessions, 'admin', staffUnauthenticated);

/** A signed-in advertiser in ctx.state.advertiser; 401 otherwise. */
export const requireAdvertiser = (deps: { db: Knex }) => requireSession(deps, advertiserSessions, 'advertiser', advertiserUnauthenticated);

/** After requireAdmin: the admin must hold `permission` (the super admin holds all). */
export function requirePermission(deps: { db: Knex }, permission: AdminPermission | 'super_admin'): Middleware {
  return async (ctx: Context, next: Next) => {
    const admin = signedInAdmin(ctx);
    if (!can(admin, permission)) {
      await audit(deps.db, {
        action: 'forbidden',
        adminUserId: admin.id,
        username: admin.username,
        details: { permission, method: ctx.method, path: ctx.path },
        ip: ctx.ip,
      });
      throw noPermission();
    }
    await next();
  };
}

/** The admin requireAdmin let through; a route without the guard gets a 401 instead of a crash. */
export function signedInAdmin(ctx: Context): Admin {
  const admin = ctx.state.admin as Admin | undefined;
  if (!admin) throw staffUnauthenticated();
  return admin;
}

/** The advertiser requireAdvertiser let through. */
export function signedInAdvertiser(ctx: Context): SignedInAdvertiser {
  const advertiser = ctx.state.advertiser as SignedInAdvertiser | undefined;
  if (!advertiser) throw advertiserUnauthenticated();
  return advertiser;
}
