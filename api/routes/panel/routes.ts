// The panel's data endpoints, declared beside their resources (overview here; verification, ads, reports, payments
// and staff in their folders under api/routes/), each registered with the permission ADMIN_ROUTES gives it (api/routes/panel/staff-routes.ts); the access test enumerates the
// router to check each.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import type { RoutePermission } from '#shared/admin-routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { registerOverviewRoutes } from './overview-routes.ts';
import { registerVerificationRoutes } from '#api/routes/verification/admin-routes.ts';
import { registerPhotoVerificationRoutes } from '#api/routes/verification/photo-admin-routes.ts';
import { registerModerationRoutes } from '#api/routes/ads/admin-routes.ts';
import { registerReportRoutes } from '#api/routes/reports/admin-routes.ts';
import { registerSafetyAlertRoutes } from '#api/routes/safety-alerts/admin-routes.ts';
import { registerPaymentRoutes } from '#api/routes/payments/admin-routes.ts';
import { registerAdministratorRoutes } from '#api/routes/staff/admin-routes.ts';
import { registerStaffSessionRoutes } from '#api/routes/staff/auth-routes.ts';

/** Returns the router and the permissions it registered, which must be ADMIN_ROUTES exactly (a test checks). */
export function adminDataRouter(deps: RouterDeps): { router: Router; permissions: ReadonlyMap<string, RoutePermission> } {
  const staff = staffRoutes(deps);
  for (const register of [
    registerStaffSessionRoutes,
    registerOverviewRoutes,
    registerVerificationRoutes,
    registerPhotoVerificationRoutes,
    registerModerationRoutes,
    registerReportRoutes,
    registerSafetyAlertRoutes,
    registerPaymentRoutes,
    registerAdministratorRoutes,
  ]) {
    register(staff);
  }
  return { router: staff.router, permissions: staff.permissions };
}
