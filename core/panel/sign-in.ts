// Staff sign-in and sign-out (decision 018): once the login throttle let an attempt through, the credentials are
// checked (an unknown username costs the same hashing time as a known one) and a failure is audited. What a right
// password leads to (a second step, or setting one up, decision 069) and the session are core/second-step's, which
// audits the sign-in when it completes. The throttle, its cookies and the answer's refusals stay with the HTTP route.
import type { Knex } from 'knex';
import { audit } from '#db/queries/admin/audit-log.ts';
import { administratorForSignIn } from '#db/queries/admin/administrators.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { staffSessions } from '#core/sessions/sessions.ts';

/** Whether a password matches a stored hash; false, after the same work, when there is no hash (api/services/passwords.ts). */
export interface PasswordCheck {
  check(hash: string | null | undefined, password: string): Promise<boolean>;
}

export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
  /** Failed attempts in a row from this address, this one included (the login throttle counts them). */
  failures: number;
}

export type PasswordOutcome = { accepted: true; admin: Admin } | { accepted: false };

/** Checks a staff member's password; a failure (or a disabled account) is audited. */
export async function checkStaffPassword(
  deps: { db: Knex; passwords: PasswordCheck; now: Date },
  attempt: SignInAttempt,
): Promise<PasswordOutcome> {
  const { db, now } = deps;
  const { username, ip } = attempt;
  const account = await administratorForSignIn(db, username);
  const valid = await deps.passwords.check(account?.passwordHash, attempt.password);
  if (!account || !valid || !account.active) {
    await audit(
      db,
      { action: 'login_failed', adminUserId: account?.admin.id ?? null, username, details: { failures: attempt.failures }, ip },
      now,
    );
    return { accepted: false };
  }
  return { accepted: true, admin: account.admin };
}

/** An attempt the throttle refused before any password was checked: locked (this address) or slowed (this account). */
export function recordRefusedSignIn(
  db: Knex,
  refused: { scope: 'address' | 'account'; username: string; ip: string },
  now: Date,
): Promise<void> {
  return audit(
    db,
    {
      action: refused.scope === 'address' ? 'login_locked' : 'login_slowed',
      username: refused.username,
      details: { scope: refused.scope },
      ip: refused.ip,
    },
    now,
  );
}

/** Ends the session of this token (if any), recording who signed out. */
export async function signOut(db: Knex, token: string | undefined, ip: string): Promise<void> {
  const admin = await staffSessions.resume(db, token);
  await staffSessions.end(db, token);
  if (admin) await audit(db, { action: 'logout', adminUserId: admin.id, username: admin.username, ip });
}
