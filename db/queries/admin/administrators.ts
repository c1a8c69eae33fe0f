// Staff accounts as the super admin manages them: partners with permissions, disabled or re-enabled, and a
// password reset that hands over a new random password once.
import type { Knex } from 'knex';
import { parsePermissions, type Admin, type AdminPermission } from '#shared/admin-permissions.ts';
import { insertedId } from '#db/dialect.ts';
import { clearAccountAttempts } from '#db/queries/login-attempts.ts';
import { deleteSessionsOf } from '#db/queries/sessions.ts';

export interface AdministratorRow {
  id: number;
  username: string;
  fullName: string;
  isMaster: boolean;
  permissions: AdminPermission[];
  active: boolean;
  createdAt: string;
}

export async function listAdministrators(db: Knex): Promise<AdministratorRow[]> {
  return (await db('admin_users').orderBy('is_master', 'desc').orderBy('username')).map((r) => ({
    id: r.id,
    username: r.username,
    fullName: r.full_name,
    isMaster: Boolean(r.is_master),
    permissions: parsePermissions(r.permissions),
    active: Boolean(r.active),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function createAdministrator(
  db: Knex,
  input: { username: string; fullName: string; passwordHash: string; permissions: AdminPermission[]; isMaster?: boolean },
  now = new Date(),
): Promise<number> {
  const [row] = await db('admin_users')
    .insert({
      username: input.username,
      full_name: input.fullName,
      password_hash: input.passwordHash,
      is_master: input.isMaster ?? false,
      permissions: JSON.stringify(input.isMaster ? [] : input.permissions),
      active: true,
      created_at: now,
    })
    .returning('id');
  return insertedId(row);
}

/** Sets a new password hash, ends the admin's sessions and clears its login lock; false when there is no such admin. */
export async function setAdministratorPassword(db: Knex, id: number, passwordHash: string): Promise<boolean> {
  const user = await db('admin_users').where('id', id).first('username');
  if (!user) return false;
  await db('admin_users').where('id', id).update({ password_hash: passwordHash });
  await deleteSessionsOf(db, 'staff', id);
  await clearAccountAttempts(db, 'admin', String(user.username));
  return true;
}

export async function administratorIdByUsername(db: Knex, username: string): Promise<number | null> {
  const row = await db('admin_users').where('username', username).first('id');
  return row ? Number(row.id) : null;
}

/** A staff account as a session and the panel see it. */
function toAdmin(row: { id: unknown; username: unknown; full_name: string; is_master: unknown; permissions: string | null }): Admin {
  return {
    id: Number(row.id),
    username: String(row.username),
    fullName: row.full_name,
    isMaster: Boolean(row.is_master),
    permissions: parsePermissions(row.permissions),
  };
}

/** A staff member as a session sees it; null when there is none or the account is disabled. */
export async function activeStaffMember(db: Knex, id: number): Promise<Admin | null> {
  const row = await db('admin_users').where({ id, active: true }).first('id', 'username', 'full_name', 'is_master', 'permissions');
  return row ? toAdmin(row) : null;
}

/** Disables or re-enables a partner; the super admin cannot be disabled. */
export async function setAdministratorActive(db: Knex, id: number, active: boolean): Promise<'ok' | 'missing' | 'master'> {
  const target = await db('admin_users').where('id', id).first('id', 'is_master');
  if (!target) return 'missing';
  if (target.is_master) return 'master';
  await db('admin_users').where('id', id).update({ active });
  return 'ok';
}

/** What signing in needs of a staff account; null when the username has none. */
export async function administratorForSignIn(db: Knex, username: string) {
  const row = await db('admin_users').where('username', username).first();
  if (!row) return null;
  return {
    admin: toAdmin(row),
    passwordHash: row.password_hash as string | null,
    active: Boolean(row.active),
  };
}
