// Staff accounts (super admin): partners with the permissions ticked for them, disabled (their sessions end) or
// enabled again, and a new password handed over once. The super admin cannot be disabled.
import type { Knex } from 'knex';
import {
  administratorById,
  administratorIdByUsername,
  createAdministrator,
  listAdministrators,
  setAdministratorActive,
  setAdministratorPassword,
  type AdministratorRow,
} from '#db/queries/admin/administrators.ts';
import type { AdminPermission } from '#shared/admin-permissions.ts';
import type { AdministratorItem, PasswordHandedOver } from '#shared/contracts/staff/administrators.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { refuse } from '#core/refusals.ts';
import { deleteSignInDataOf } from '#db/queries/second-step.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

/** Password hashing (argon2id, api/services/passwords.ts) and the random passwords a reset hands over. */
export interface Passwords {
  hash(password: string): Promise<string>;
  random(): string;
}

const administratorMissing = () => refuse('administrator_missing');

export function presentAdministrator(row: AdministratorRow): AdministratorItem {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    isMaster: row.isMaster,
    permissions: [...row.permissions],
    active: row.active,
    createdAt: row.createdAt,
  };
}

/** The super admin first, then partners by username. */
export async function administrators(db: Knex): Promise<AdministratorItem[]> {
  return (await listAdministrators(db)).map(presentAdministrator);
}

export interface NewPartner {
  username: string;
  fullName: string;
  password: string;
  permissions: AdminPermission[];
}

/** Creates a partner with the permissions given; returns its id. */
export async function createPartner(deps: { db: Knex; passwords: Passwords }, actor: StaffActor, input: NewPartner): Promise<number> {
  if (await administratorIdByUsername(deps.db, input.username)) throw refuse('username_taken');
  // Hashed before the transaction: argon2 takes tens of milliseconds, and a write lock should not wait for it.
  const passwordHash = await deps.passwords.hash(input.password);
  return staffAction(
    deps.db,
    actor,
    (created: number) => ({
      action: 'administrator_created',
      targetType: 'admin_user',
      targetId: created,
      details: { username: input.username, permissions: input.permissions },
    }),
    (trx) => createAdministrator(trx, { username: input.username, fullName: input.fullName, permissions: input.permissions, passwordHash }),
  );
}

/** Disables a partner (ending their sessions) or enables one again. */
export async function setPartnerActive(db: Knex, actor: StaffActor, id: number, active: boolean): Promise<void> {
  const action = active ? 'administrator_enabled' : 'administrator_disabled';
  await staffAction(db, actor, { action, targetType: 'admin_user', targetId: id }, async (trx) => {
    const result = await setAdministratorActive(trx, id, active);
    if (result === 'missing') throw administratorMissing();
    if (result === 'master') throw refuse('master_admin_kept');
    if (!active) await staffSessions.endAllOf(trx, id);
  });
}

/** Sets a new random password (ending the account's sessions) and answers it, to be shown once and handed over. */
export async function resetPartnerPassword(
  deps: { db: Knex; passwords: Passwords },
  actor: StaffActor,
  id: number,
): Promise<PasswordHandedOver> {
  const password = deps.passwords.random();
  const passwordHash = await deps.passwords.hash(password);
  await staffAction(deps.db, actor, { action: 'administrator_password_reset', targetType: 'admin_user', targetId: id }, async (trx) => {
    if (!(await setAdministratorPassword(trx, id, passwordHash))) throw administratorMissing();
  });
  return { success: true, password };
}

/**
 * Removes another staff member's passkeys, authenticator app and recovery codes, and ends their sessions and any
 * sign-in under way (decision 069): at their next sign-in they set a factor up again. Audited; one's own factors are
 * changed in "Seguridad".
 */
const administratorExists = async (db: Knex, id: number) => (await administratorById(db, id)) !== null;

export async function resetSecondStep(db: Knex, actor: StaffActor, id: number): Promise<void> {
  if (id === actor.admin.id) throw refuse('own_second_step_reset');
  await staffAction(db, actor, { action: 'second_step_reset', targetType: 'admin_user', targetId: id }, async (trx) => {
    if (!(await administratorExists(trx, id))) throw administratorMissing();
    await deleteSignInDataOf(trx, { kind: 'staff', id });
    await staffSessions.endAllOf(trx, id);
  });
}

/** The same reset from the command line (`npm run admin:reset-second-step`), for any account, the super admin's too. */
export async function resetSecondStepFromConsole(db: Knex, id: number, username: string): Promise<void> {
  await db.transaction(async (trx) => {
    await deleteSignInDataOf(trx, { kind: 'staff', id });
    await staffSessions.endAllOf(trx, id);
    await audit(trx, { action: 'second_step_reset', targetType: 'admin_user', targetId: id, details: { username, from: 'console' } });
  });
}
