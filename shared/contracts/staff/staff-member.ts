// The signed-in staff member as the panel knows them: what the login answer, GET /api/admin/me and the dashboard
// page send (never the id, a password hash or a session).
import type { AdminPermission } from '#shared/admin-permissions.ts';

export interface StaffMember {
  username: string;
  fullName: string;
  isMaster: boolean;
  permissions: AdminPermission[];
}

export interface StaffSignedIn {
  success: true;
  admin: StaffMember;
}

/** GET /api/admin/me */
export interface StaffMe {
  admin: StaffMember;
}
