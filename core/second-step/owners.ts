// Who a factor's owner is, for sign-in and the audit log (decision 069): a staff member by username, an advertiser
// by email. Every change of factors is one audit row: staff's with their username and address, as every staff action;
// an advertiser's with her account as target and no address (nothing new is kept about her), so that the panel's
// Registro de actividad and her data download both show it.
import type { Knex } from 'knex';
import { administratorById, administratorIdByUsername } from '#db/queries/admin/administrators.ts';
import { findAdvertiserByEmail, findAdvertiserById } from '#db/queries/advertiser-accounts.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import type { Owner } from '#db/queries/second-step.ts';
import type { AuditAction } from '#shared/audit-actions.ts';

export interface NamedOwner extends Owner {
  /** Username (staff) or email (advertiser): the name typed at sign-in. */
  name: string;
  displayName: string;
  /** Whether the account may sign in at all: an active staff member, an advertiser with a confirmed email. */
  maySignIn: boolean;
  /** Advertisers: whether she asked for a second step after her password. */
  secondStepOn: boolean;
}

export async function namedOwner(db: Knex, owner: Owner): Promise<NamedOwner | null> {
  if (owner.kind === 'staff') {
    const admin = await administratorById(db, owner.id);
    return admin && { ...owner, name: admin.username, displayName: admin.fullName, maySignIn: admin.active, secondStepOn: true };
  }
  const account = await findAdvertiserById(db, owner.id);
  return account
    ? {
        ...owner,
        name: account.email,
        displayName: account.fullName,
        maySignIn: !!account.emailConfirmedAt,
        secondStepOn: !!account.secondStepAt,
      }
    : null;
}

/** The account a name typed at sign-in names (a username, an email), or null. */
export async function ownerIdByName(db: Knex, kind: Owner['kind'], name: string): Promise<number | null> {
  if (kind === 'staff') return administratorIdByUsername(db, name);
  return (await findAdvertiserByEmail(db, name))?.id ?? null;
}

export type FactorAction = Extract<
  AuditAction,
  | 'factor_added'
  | 'factor_removed'
  | 'recovery_codes_renewed'
  | 'recovery_code_used'
  | 'second_step_turned_on'
  | 'second_step_turned_off'
  | 'second_step_failed'
  | 'other_sessions_ended'
>;

export async function recordFactorChange(
  db: Knex,
  owner: NamedOwner,
  action: FactorAction,
  details: Record<string, unknown>,
  ip: string,
  now: Date,
): Promise<void> {
  if (owner.kind === 'staff') {
    await audit(
      db,
      { action, adminUserId: owner.id, username: owner.name, targetType: 'admin_user', targetId: owner.id, details, ip },
      now,
    );
  } else {
    await audit(db, { action, targetType: 'advertiser', targetId: owner.id, details }, now);
  }
}
