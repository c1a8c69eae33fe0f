// Staff accounts with their passwords: the data layer stores hashes, this module makes them.
import type { Knex } from 'knex';
import { createAdministrator, setAdministratorPassword } from '#db/queries/admin/administrators.ts';
import type { AdminPermission } from '#shared/admin-permissions.ts';
import { hashPassword, randomPassword } from '#api/services/passwords.ts';

export async function createAdministratorAccount(
  db: Knex,
  input: { username: string; fullName: string; password: string; permissions: AdminPermission[]; isMaster?: boolean },
): Promise<number> {
  const { password, ...account } = input;
  return createAdministrator(db, { ...account, passwordHash: await hashPassword(password) });
}

/** Sets a new password (random when none is given) and returns it; null when there is no such admin. */
export async function resetAdministratorPassword(db: Knex, id: number, password = randomPassword()): Promise<string | null> {
  return (await setAdministratorPassword(db, id, await hashPassword(password))) ? password : null;
}
