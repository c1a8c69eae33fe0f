// The panel's data endpoints, by resource (overview, verifications, moderation, payments, administrators), each
// registered with the permission ADMIN_ROUTES gives it (api/admin/staff-routes.ts); the access test enumerates the
// router to check each.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import type { RoutePermission } from '#shared/admin-routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { registerOverviewRoutes } from './overview-routes.ts';
import { registerVerificationRoutes } from './verification-review-routes.ts';
import { registerModerationRoutes } from './moderation-routes.ts';
import { registerPaymentRoutes } from './payments-routes.ts';
import { registerAdministratorRoutes } from './administrators-routes.ts';

/** Returns the router and the permissions it registered, which must be ADMIN_ROUTES exactly (a test checks). */
export function adminDataRouter(deps: RouterDeps): { router: Router; permissions: ReadonlyMap<string, RoutePermission> } {
  const staff = staffRoutes(deps);
  for (const register of [
    registerOverviewRoutes,
    registerVerificationRoutes,
    registerModerationRoutes,
    registerPaymentRoutes,
    registerAdministratorRoutes,
  ]) {
    register(staff);
  }
  return { router: staff.router, permissions: staff.permissions };
}
