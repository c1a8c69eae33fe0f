// Staff accounts with their passwords: the data layer stores hashes, this module makes them.
import type { Knex } from 'knex';
import { createAdministrator, setAdministratorPassword } from '#db/queries/admin/administrators.ts';
import type { AdminPermission } from '#shared/admin-permissions.ts';
import { hashPassword, randomPassword } from '#api/services/passwords.ts';

/**
 * A password (random when none is given) and its hash. Made before any transaction: argon2 takes tens of
 * milliseconds, and a write lock should not wait for it.
 */
async function passwordWithHash(password = randomPassword()): Promise<{ password: string; passwordHash: string }> {
  return { password, passwordHash: await hashPassword(password) };
}

export async function createAdministratorAccount(
  db: Knex,
  input: { username: string; fullName: string; password: string; permissions: AdminPermission[]; isMaster?: boolean },
): Promise<number> {
  const { password, ...account } = input;
  return createAdministrator(db, { ...account, passwordHash: (await passwordWithHash(password)).passwordHash });
}

/** Sets a new password (random when none is given) and returns it; null when there is no such admin. */
export async function resetAdministratorPassword(db: Knex, id: number, password?: string): Promise<string | null> {
  const made = await passwordWithHash(password);
  return (await setAdministratorPassword(db, id, made.passwordHash)) ? made.password : null;
}
