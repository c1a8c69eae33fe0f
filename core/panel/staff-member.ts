// The signed-in staff member as the panel shows them (login answer, /api/admin/me, the dashboard page): never the
// id, a password hash or a session.
import type { Admin } from '#shared/admin-permissions.ts';
import type { StaffMe, StaffMember, StaffSignedIn } from '#shared/contracts/staff/staff-member.ts';

export function presentStaffMember(admin: Admin): StaffMember {
  return { username: admin.username, fullName: admin.fullName, isMaster: admin.isMaster, permissions: [...admin.permissions] };
}

export const presentSignedIn = (admin: Admin): StaffSignedIn => ({ success: true, admin: presentStaffMember(admin) });

export const presentMe = (admin: Admin): StaffMe => ({ admin: presentStaffMember(admin) });
