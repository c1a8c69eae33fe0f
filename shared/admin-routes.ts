// Which permission each staff endpoint needs: the one table the API enforces (api/routes/panel/routes.ts registers
// every route from it) and the panel reads to show only the sections and data this admin may open.
import { can, type AdminPermission } from './admin-permissions.ts';

/** 'any_admin': every signed-in admin (the overview, analytics). */
export type RoutePermission = AdminPermission | 'super_admin' | 'any_admin';

export const ADMIN_ROUTES = {
  'GET /api/admin/me': 'any_admin',
  'POST /api/admin/heartbeat': 'any_admin',
  // "Seguridad" (decision 069): each staff member's own factors and sessions.
  'GET /api/admin/security': 'any_admin',
  'POST /api/admin/security/passkeys/options': 'any_admin',
  'POST /api/admin/security/passkeys': 'any_admin',
  'DELETE /api/admin/security/passkeys/:id': 'any_admin',
  'POST /api/admin/security/totp': 'any_admin',
  'POST /api/admin/security/totp/confirm': 'any_admin',
  'DELETE /api/admin/security/totp': 'any_admin',
  'POST /api/admin/security/recovery-codes': 'any_admin',
  'POST /api/admin/security/sessions/end-others': 'any_admin',
  'GET /api/admin/alerts': 'any_admin',
  'POST /api/admin/alerts/:id/seen': 'any_admin',
  'GET /api/admin/statistics': 'any_admin',
  'GET /api/admin/subscribers': 'view_subscribers',
  'GET /api/admin/subscribers/:id/verification': 'manage_verifications',
  'POST /api/admin/subscribers/:id/verify': 'manage_verifications',
  'POST /api/admin/subscribers/:id/reject': 'manage_verifications',
  'GET /api/admin/identity-documents/:id': 'manage_verifications',
  // "Fotos reales": comparing an ad's photos with a selfie is verification work, with the same sensitive files.
  'GET /api/admin/photo-verifications': 'manage_verifications',
  'GET /api/admin/photo-verifications/:id': 'manage_verifications',
  'GET /api/admin/photo-verifications/:id/selfie': 'manage_verifications',
  'POST /api/admin/photo-verifications/:id/decide': 'manage_verifications',
  'GET /api/admin/ads': 'manage_ads',
  'GET /api/admin/ads/:id/stats': 'manage_ads',
  'POST /api/admin/ads/:id/approve': 'manage_ads',
  'POST /api/admin/ads/:id/reject': 'manage_ads',
  'POST /api/admin/ads/:id/remove': 'manage_ads',
  'GET /api/admin/reports': 'view_reports',
  'POST /api/admin/reports/:id/resolve': 'view_reports',
  'POST /api/admin/reports/:id/dismiss': 'view_reports',
  // Safety alerts between advertisers are moderated by whoever handles reports (decision 040).
  'GET /api/admin/safety-alerts': 'view_reports',
  'POST /api/admin/safety-alerts/by-number': 'view_reports',
  'POST /api/admin/safety-alerts/:id/approve': 'view_reports',
  'POST /api/admin/safety-alerts/:id/reject': 'view_reports',
  'POST /api/admin/safety-alerts/:id/withdraw': 'view_reports',
  // Preserving for the authorities (decision 044): whoever handles reports, audited.
  'POST /api/admin/reports/:id/preserve': 'view_reports',
  'POST /api/admin/reports/:id/release': 'view_reports',
  'GET /api/admin/reports/:id/preserved': 'view_reports',
  'GET /api/admin/messages': 'view_reports',
  'POST /api/admin/messages/:id/answered': 'view_reports',
  'GET /api/admin/payments': 'view_payments',
  'POST /api/admin/payments/:id/process': 'process_payments',
  'GET /api/admin/payments/:id/receipt': 'view_payments',
  // "Botón de arrepentimiento" requests (decision 068): seen with the payments, refunded by whoever processes them.
  'GET /api/admin/revocations': 'view_payments',
  'POST /api/admin/revocations/:id/refunded': 'process_payments',
  // Whoever processes payments chooses their destination account; managing the accounts is for the super admin.
  'GET /api/admin/bank-accounts': 'process_payments',
  'POST /api/admin/bank-accounts': 'super_admin',
  'POST /api/admin/bank-accounts/:id/activate': 'super_admin',
  'GET /api/admin/analytics/summary': 'any_admin',
  'GET /api/admin/settings': 'any_admin',
  'PUT /api/admin/settings': 'super_admin',
  'GET /api/admin/administrators': 'super_admin',
  'POST /api/admin/administrators': 'super_admin',
  'POST /api/admin/administrators/:id/disable': 'super_admin',
  'POST /api/admin/administrators/:id/enable': 'super_admin',
  'POST /api/admin/administrators/:id/reset-second-step': 'super_admin',
  'POST /api/admin/administrators/:id/reset-password': 'super_admin',
  'GET /api/admin/audit-log': 'super_admin',
} as const satisfies Record<string, RoutePermission>;

export type AdminRoute = keyof typeof ADMIN_ROUTES;

/** Whether the server lets this admin call the route. */
export function mayCall(admin: { isMaster: boolean; permissions: readonly string[] }, route: AdminRoute): boolean {
  const permission: RoutePermission = ADMIN_ROUTES[route];
  return permission === 'any_admin' || can(admin, permission);
}

/** The panel's sections, each with the route that defines who may open it. */
export const PANEL_SECTIONS = [
  { id: 'resumen', label: 'Resumen general', route: 'GET /api/admin/statistics' },
  { id: 'suscriptores', label: 'Suscriptores', route: 'GET /api/admin/subscribers' },
  { id: 'fotos', label: 'Fotos reales', route: 'GET /api/admin/photo-verifications' },
  { id: 'anuncios', label: 'Anuncios', route: 'GET /api/admin/ads' },
  { id: 'denuncias', label: 'Denuncias', route: 'GET /api/admin/reports' },
  { id: 'alertas', label: 'Alertas de seguridad', route: 'GET /api/admin/safety-alerts' },
  { id: 'mensajes', label: 'Mensajes', route: 'GET /api/admin/messages' },
  { id: 'pagos', label: 'Pagos', route: 'GET /api/admin/payments' },
  { id: 'cuentas', label: 'Cuentas bancarias', route: 'POST /api/admin/bank-accounts' },
  { id: 'administradores', label: 'Administradores', route: 'GET /api/admin/administrators' },
  { id: 'analytics', label: 'Estadísticas de visitas', route: 'GET /api/admin/analytics/summary' },
  { id: 'configuracion', label: 'Configuración', route: 'GET /api/admin/settings' },
  { id: 'registro', label: 'Registro de actividad', route: 'GET /api/admin/audit-log' },
  // Every admin's own passkeys, app, recovery codes and sessions (decision 069).
  { id: 'seguridad', label: 'Seguridad', route: 'GET /api/admin/security' },
] as const satisfies readonly { id: string; label: string; route: AdminRoute }[];

export type SectionId = (typeof PANEL_SECTIONS)[number]['id'];
