// Staff roles: the super admin may do everything; a partner only what its permissions name (the seed's six).
export const ADMIN_PERMISSIONS = [
  'view_subscribers',
  'manage_verifications',
  'view_payments',
  'process_payments',
  'manage_ads',
  'view_reports',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<AdminPermission, string> = {
  view_subscribers: 'Ver suscriptores',
  manage_verifications: 'Gestionar verificaciones',
  view_payments: 'Ver pagos',
  process_payments: 'Procesar pagos',
  manage_ads: 'Gestionar anuncios',
  view_reports: 'Ver denuncias',
};

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
