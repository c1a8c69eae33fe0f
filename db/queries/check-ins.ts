// The check-in timer's rows (docs/decisions/041-check-in.md): at most one per advertiser, deleted when it ends
// (checked in, cancelled, the contact told, or given up), so nothing about it outlives it. The owner's rules are
// core/safety/check-in.ts. The overdue mail is claimed before it is sent (attempts, next_attempt_at):
// api/services/check-in-alerts.ts runs it.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { CheckIn as Timer } from '#db/models/index.ts';

/** An advertiser's running timer. */
export type CheckIn = Pick<Timer, 'id' | 'contactEmail' | 'shownName' | 'message' | 'startedAt' | 'dueAt' | 'extensions'>;

const own = (db: Knex, advertiserId: number) => Timer.query(db).where('advertiser_id', advertiserId);

/** The advertiser's timer, or null. One that is overdue but not yet told is still there: checking in stops it. */
export async function checkInOf(db: Knex, advertiserId: number): Promise<CheckIn | null> {
  return (await own(db, advertiserId).first()) ?? null;
}

/** Starts a timer; 'running' when the advertiser has one already (one at a time, enforced by a unique index). */
export async function insertCheckIn(
  db: Knex,
  advertiserId: number,
  input: { contactEmail: string; shownName: string; message: string; dueAt: Date },
  now: Date,
): Promise<CheckIn | 'running'> {
  try {
    return await Timer.query(db).insertAndFetch({
      advertiserId,
      contactEmail: input.contactEmail,
      shownName: input.shownName,
      message: input.message,
      dueAt: input.dueAt,
      startedAt: now,
      extensions: 0,
      attempts: 0,
      nextAttemptAt: null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'running';
    throw err;
  }
}

/**
 * Moves a timer's deadline to `dueAt` and counts one more extension, conditional on what the caller read (a double
 * tap extends once) and on the deadline not having passed and the job not having claimed it. False when it did not.
 */
export async function extendCheckInTo(db: Knex, read: CheckIn, advertiserId: number, dueAt: Date, now: Date): Promise<boolean> {
  const changed = await own(db, advertiserId)
    .where({ id: read.id, extensions: read.extensions, attempts: 0 })
    .where('due_at', '>', now)
    .patch({ dueAt, extensions: read.extensions + 1 });
  return changed > 0;
}

/** Ends the advertiser's timer: the row is deleted. False when there was none. */
export async function endCheckIn(db: Knex, advertiserId: number): Promise<boolean> {
  return (await own(db, advertiserId).delete()) > 0;
}

/** An overdue timer as the job mails it. */
export type DueCheckIn = Pick<Timer, 'id' | 'contactEmail' | 'shownName' | 'message' | 'startedAt' | 'dueAt' | 'attempts'>;

/** Timers past their deadline whose mail may be tried now (never tried, or its retry time reached), oldest first. */
export async function dueCheckIns(db: Knex, now: Date, limit = 100): Promise<DueCheckIn[]> {
  return Timer.query(db)
    .where('due_at', '<=', now)
    .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
    .orderBy('due_at')
    .limit(limit);
}

/**
 * Takes one try of a timer's mail: counts the attempt and sets when the next may happen, conditional on the count
 * read (a second runner, or a check-in that deleted the row meanwhile, makes it false: then nothing is sent).
 */
export async function claimCheckInAttempt(db: Knex, id: number, attempts: number, retryAt: Date): Promise<boolean> {
  const changed = await Timer.query(db)
    .where({ id, attempts })
    .patch({ attempts: attempts + 1, nextAttemptAt: retryAt });
  return changed > 0;
}

/** After a failed send: the next run may try again at `retryAt`. */
export async function retryCheckInAt(db: Knex, id: number, retryAt: Date): Promise<void> {
  await Timer.query(db).findById(id).patch({ nextAttemptAt: retryAt });
}

/** The timer ended (its mail sent, or given up): nothing of it stays. */
export async function deleteCheckIn(db: Knex, id: number): Promise<void> {
  await Timer.query(db).deleteById(id);
}
