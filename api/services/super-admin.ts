// The super admin `velada_admin`, created on the first start. Its password comes from ADMIN_PASSWORD or is
// generated and returned so that the caller prints it once; there is never a fixed default.
import type { Knex } from 'knex';
import { administratorIdByUsername } from '#db/queries/admin/administrators.ts';
import { randomPassword } from '#api/services/passwords.ts';
import { createAdministratorAccount } from './administrator-accounts.ts';
import { isUniqueViolation } from '#db/dialect.ts';

export const SUPER_ADMIN_USERNAME = 'velada_admin';

/** Creates the super admin when missing; returns the generated password, or null when none was generated. */
export async function ensureSuperAdmin(
  db: Knex,
  passwordFromEnv: string | undefined,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  if (await administratorIdByUsername(db, SUPER_ADMIN_USERNAME)) return { created: false, generatedPassword: null };
  const password = passwordFromEnv ?? randomPassword();
  try {
    await createAdministratorAccount(db, {
      username: SUPER_ADMIN_USERNAME,
      fullName: 'Administrador Principal',
      password,
      permissions: [],
      isMaster: true,
    });
  } catch (err) {
    // Another process starting on the same empty database made it first.
    if (isUniqueViolation(err)) return { created: false, generatedPassword: null };
    throw err;
  }
  return { created: true, generatedPassword: passwordFromEnv ? null : password };
}
