// Login throttling per account name (a staff username, an advertiser's email): 5 failures lock it for 15
// minutes, whoever sends them. The per-IP limit is a separate, in-memory one (the routes' rateLimit); neither
// lets one address lock out other people by itself. Each kind of account has its own table of the same shape.
import type { Knex } from 'knex';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

export type ThrottleTable = 'admin_login_throttle' | 'advertiser_login_throttle';
const KEY_LENGTH: Record<ThrottleTable, number> = { admin_login_throttle: 64, advertiser_login_throttle: 254 };

export interface LoginThrottle {
  /** When the name is locked, the instant the lock ends; otherwise null. */
  lockedUntil(db: Knex, name: string, now?: Date): Promise<Date | null>;
  /**
   * Counts a failure; the fifth in a row locks the name (and restarts the count). Two statements, each atomic,
   * so concurrent attempts are all counted.
   */
  recordFailure(db: Knex, name: string, now?: Date): Promise<{ failures: number; locked: boolean }>;
  clearFailures(db: Knex, name: string): Promise<void>;
}

export function loginThrottle(table: ThrottleTable): LoginThrottle {
  const key = (name: string) => name.trim().toLowerCase().slice(0, KEY_LENGTH[table]);
  return {
    async lockedUntil(db, name, now = new Date()) {
      const row = await db(table).where('username', key(name)).first('locked_until');
      if (!row?.locked_until) return null;
      const until = new Date(row.locked_until);
      return until.getTime() > now.getTime() ? until : null;
    },
    async recordFailure(db, name, now = new Date()) {
      const k = key(name);
      await db(table)
        .insert({ username: k, failures: 1, locked_until: null, updated_at: now })
        .onConflict('username')
        .merge({
          // A lock that has ended starts the count again.
          failures: db.raw('case when ??.locked_until is not null and ??.locked_until <= ? then 1 else ??.failures + 1 end', [table, table, now, table]),
          locked_until: db.raw('case when ??.locked_until <= ? then null else ??.locked_until end', [table, now, table]),
          updated_at: now,
        });
      const locked = await db(table)
        .where('username', k)
        .andWhere('failures', '>=', MAX_FAILURES)
        .update({ failures: 0, locked_until: new Date(now.getTime() + LOCK_MS) });
      const row = await db(table).where('username', k).first('failures');
      return { failures: locked ? MAX_FAILURES : Number(row?.failures ?? 0), locked: locked > 0 };
    },
    async clearFailures(db, name) {
      await db(table).where('username', key(name)).delete();
    },
  };
}
