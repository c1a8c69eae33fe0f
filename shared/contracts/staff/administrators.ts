// Administradores (super admin): the staff accounts, and the password a reset hands over once.
import type { AdminPermission } from '#shared/admin-permissions.ts';

export interface AdministratorItem {
  id: number;
  username: string;
  fullName: string;
  isMaster: boolean;
  permissions: AdminPermission[];
  active: boolean;
  createdAt: string;
}

/** Shown once to the super admin, who hands it over; never stored in clear or logged. */
export interface PasswordHandedOver {
  success: true;
  password: string;
}
