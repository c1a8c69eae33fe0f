// The signed-in staff member as the panel shows them: the four fields the panel needs, nothing of the account's
// secrets even when the object handed over carries more.
import { describe, expect, it } from 'vitest';
import type { Admin } from '#shared/admin-permissions.ts';
import { presentMe, presentSignedIn, presentStaffMember } from './staff-member.ts';

const admin: Admin = { id: 7, username: 'socia', fullName: 'Socia de Prueba', isMaster: false, permissions: ['view_reports'] };

describe('presentStaffMember', () => {
  it('sends the username, name, role and permissions, and never the id or a secret', () => {
    const carrying = { ...admin, passwordHash: '$argon2id$secreto', tokenHash: 'a'.repeat(64) } as Admin;
    expect(presentStaffMember(carrying)).toEqual({
      username: 'socia',
      fullName: 'Socia de Prueba',
      isMaster: false,
      permissions: ['view_reports'],
    });
    const text = JSON.stringify([presentSignedIn(carrying), presentMe(carrying)]);
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain('a'.repeat(64));
    expect(text).not.toContain('"id"');
  });

  it('answers the login and /me', () => {
    expect(presentSignedIn(admin)).toEqual({ success: true, admin: presentStaffMember(admin) });
    expect(presentMe(admin)).toEqual({ admin: presentStaffMember(admin) });
  });
});
