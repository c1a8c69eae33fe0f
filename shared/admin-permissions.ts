// Staff roles: the super admin may do everything; a partner only what its permissions name (the seed's six). A new
// permission is one entry here, with the label the panel shows; the routes it opens name it in shared/admin-routes.ts.
export const PERMISSION_LABELS = {
  view_subscribers: 'Ver suscriptores',
  manage_verifications: 'Gestionar verificaciones',
  view_payments: 'Ver pagos',
  process_payments: 'Procesar pagos',
  manage_ads: 'Gestionar anuncios',
  view_reports: 'Ver denuncias',
} as const;
export type AdminPermission = keyof typeof PERMISSION_LABELS;

/** Every permission, in the order the panel lists them. */
export const ADMIN_PERMISSIONS = Object.keys(PERMISSION_LABELS) as [AdminPermission, ...AdminPermission[]];

export interface Admin {
  id: number;
  username: string;
  fullName: string;
  isMaster: boolean;
  permissions: AdminPermission[];
}

export function parsePermissions(stored: string | null): AdminPermission[] {
  try {
    const list = JSON.parse(stored ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(p)) : [];
  } catch {
    return [];
  }
}

export function can(admin: { isMaster: boolean; permissions: readonly string[] }, permission: AdminPermission | 'super_admin'): boolean {
  if (admin.isMaster) return true;
  return permission !== 'super_admin' && admin.permissions.includes(permission);
}

/**
 * Whether this admin may read advertisers' identities (full name, email, DNI, birth date) wherever they appear
 * outside the subscribers list: the same permission that opens that list, which shows them for every advertiser.
 */
export function mayReadIdentity(admin: { isMaster: boolean; permissions: readonly string[] }): boolean {
  return can(admin, 'view_subscribers');
}
