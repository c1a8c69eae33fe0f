// Login throttling per username: 5 failures lock it for 15 minutes, whoever sends them. The per-IP limit is a
// separate, in-memory one (api/admin/routes.ts); neither lets one address lock out other people by itself.
import type { Knex } from 'knex';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

const key = (username: string) => username.trim().toLowerCase().slice(0, 64);

/** When the username is locked, the instant the lock ends; otherwise null. */
export async function lockedUntil(db: Knex, username: string, now = new Date()): Promise<Date | null> {
  const row = await db('admin_login_throttle').where('username', key(username)).first('locked_until');
  if (!row?.locked_until) return null;
  const until = new Date(row.locked_until);
  return until.getTime() > now.getTime() ? until : null;
}

/**
 * Counts a failure; the fifth in a row locks the username (and restarts the count). Two statements, each atomic,
 * so concurrent attempts are all counted.
 */
export async function recordFailure(db: Knex, username: string, now = new Date()): Promise<{ failures: number; locked: boolean }> {
  const name = key(username);
  await db('admin_login_throttle')
    .insert({ username: name, failures: 1, locked_until: null, updated_at: now })
    .onConflict('username')
    .merge({
      // A lock that has ended starts the count again.
      failures: db.raw('case when admin_login_throttle.locked_until is not null and admin_login_throttle.locked_until <= ? then 1 else admin_login_throttle.failures + 1 end', [now]),
      locked_until: db.raw('case when admin_login_throttle.locked_until <= ? then null else admin_login_throttle.locked_until end', [now]),
      updated_at: now,
    });
  const locked = await db('admin_login_throttle')
    .where('username', name)
    .andWhere('failures', '>=', MAX_FAILURES)
    .update({ failures: 0, locked_until: new Date(now.getTime() + LOCK_MS) });
  const row = await db('admin_login_throttle').where('username', name).first('failures');
  return { failures: locked ? MAX_FAILURES : Number(row?.failures ?? 0), locked: locked > 0 };
}

export async function clearFailures(db: Knex, username: string): Promise<void> {
  await db('admin_login_throttle').where('username', key(username)).delete();
}
