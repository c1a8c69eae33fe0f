// The super admin `velada_admin`, created once. Its password comes from ADMIN_PASSWORD or is generated
// and returned so that the caller prints it once; there is never a fixed default.
import type { Knex } from 'knex';
import { hashPassword, randomPassword } from '../../api/services/passwords.ts';

export const SUPER_ADMIN_USERNAME = 'velada_admin';

/** Creates the super admin when missing; returns the generated password, or null when none was generated. */
export async function ensureSuperAdmin(db: Knex, passwordFromEnv: string | undefined): Promise<{ created: boolean; generatedPassword: string | null }> {
  const existing = await db('admin_users').where('username', SUPER_ADMIN_USERNAME).first();
  if (existing) return { created: false, generatedPassword: null };
  const password = passwordFromEnv ?? randomPassword();
  await db('admin_users').insert({
    username: SUPER_ADMIN_USERNAME,
    full_name: 'Administrador Principal',
    password_hash: await hashPassword(password),
    is_master: true,
    permissions: JSON.stringify([]),
    active: true,
    created_at: new Date(),
  });
  return { created: true, generatedPassword: passwordFromEnv ? null : password };
}
