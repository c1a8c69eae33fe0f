// Staff accounts as the super admin manages them: partners with permissions, disabled or re-enabled, and a
// password reset that hands over a new random password once.
import type { Knex } from 'knex';
import { parsePermissions, type Admin, type AdminPermission } from '#shared/admin-permissions.ts';
import { Administrator } from '#db/models/index.ts';
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
  const accounts = await Administrator.query(db).orderBy('is_master', 'desc').orderBy('username');
  return accounts.map((a) => ({
    id: a.id,
    username: a.username,
    fullName: a.fullName,
    isMaster: a.isMaster,
    permissions: parsePermissions(a.permissions),
    active: a.active,
    createdAt: a.createdAt.toISOString(),
  }));
}

export async function createAdministrator(
  db: Knex,
  input: { username: string; fullName: string; passwordHash: string; permissions: AdminPermission[]; isMaster?: boolean },
  now = new Date(),
): Promise<number> {
  const account = await Administrator.query(db).insert({
    username: input.username,
    fullName: input.fullName,
    passwordHash: input.passwordHash,
    isMaster: input.isMaster ?? false,
    permissions: JSON.stringify(input.isMaster ? [] : input.permissions),
    active: true,
    createdAt: now,
  });
  return account.id;
}

/** Sets a new password hash, ends the admin's sessions and clears its login lock; false when there is no such admin. */
export async function setAdministratorPassword(db: Knex, id: number, passwordHash: string): Promise<boolean> {
  const account = await Administrator.query(db).findById(id).select('id', 'username');
  if (!account) return false;
  await account.$query(db).patch({ passwordHash });
  await deleteSessionsOf(db, 'staff', id);
  await clearAccountAttempts(db, 'admin', account.username);
  return true;
}

export async function administratorIdByUsername(db: Knex, username: string): Promise<number | null> {
  return (await Administrator.query(db).findOne({ username }).select('id'))?.id ?? null;
}

/** A staff member's username and whether the account may sign in, by id; null when there is none. */
export async function administratorById(db: Knex, id: number): Promise<{ username: string; fullName: string; active: boolean } | null> {
  const row = await Administrator.query(db).findById(id).select('username', 'full_name', 'active');
  return row ? { username: row.username, fullName: row.fullName, active: row.active } : null;
}

/** Disables or re-enables a partner; the super admin cannot be disabled. */
export async function setAdministratorActive(db: Knex, id: number, active: boolean): Promise<'ok' | 'missing' | 'master'> {
  const target = await Administrator.query(db).findById(id).select('id', 'is_master');
  if (!target) return 'missing';
  if (target.isMaster) return 'master';
  await target.$query(db).patch({ active });
  return 'ok';
}

/** What signing in needs of a staff account; null when the username has none. */
export async function administratorForSignIn(
  db: Knex,
  username: string,
): Promise<{ admin: Admin; passwordHash: string | null; active: boolean } | null> {
  const account = await Administrator.query(db).findOne({ username });
  return account ? { admin: account.toAdmin(), passwordHash: account.passwordHash, active: account.active } : null;
}
