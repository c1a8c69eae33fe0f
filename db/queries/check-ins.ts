// The check-in timer's rows (docs/decisions/041-check-in.md): at most one per advertiser, deleted when it ends
// (checked in, cancelled, the contact told, or given up), so nothing about it outlives it. The owner's rules are
// core/safety/check-in.ts. The overdue mail is claimed before it is sent (attempts, next_attempt_at):
// api/services/check-in-alerts.ts runs it.
import type { Knex } from 'knex';
import { insertedId, isUniqueViolation } from '#db/dialect.ts';

interface CheckInRow {
  id: number;
  advertiser_id: number;
  contact_email: string;
  shown_name: string;
  message: string;
  started_at: Date | string | number;
  due_at: Date | string | number;
  extensions: number;
  attempts: number;
  next_attempt_at: Date | string | number | null;
}

/** An advertiser's running timer. */
export interface CheckIn {
  id: number;
  contactEmail: string;
  shownName: string;
  message: string;
  startedAt: Date;
  dueAt: Date;
  /** How many times it was extended. */
  extensions: number;
}

const fromRow = (row: CheckInRow): CheckIn => ({
  id: Number(row.id),
  contactEmail: row.contact_email,
  shownName: row.shown_name,
  message: row.message,
  startedAt: new Date(row.started_at),
  dueAt: new Date(row.due_at),
  extensions: Number(row.extensions),
});

const own = (db: Knex, advertiserId: number) => db<CheckInRow>('check_ins').where('advertiser_id', advertiserId);

/** The advertiser's timer, or null. One that is overdue but not yet told is still there: checking in stops it. */
export async function checkInOf(db: Knex, advertiserId: number): Promise<CheckIn | null> {
  const row = await own(db, advertiserId).first();
  return row ? fromRow(row) : null;
}

/** Starts a timer; 'running' when the advertiser has one already (one at a time, enforced by a unique index). */
export async function insertCheckIn(
  db: Knex,
  advertiserId: number,
  input: { contactEmail: string; shownName: string; message: string; dueAt: Date },
  now: Date,
): Promise<CheckIn | 'running'> {
  try {
    const [row] = await db<CheckInRow>('check_ins')
      .insert({
        advertiser_id: advertiserId,
        contact_email: input.contactEmail,
        shown_name: input.shownName,
        message: input.message,
        started_at: now,
        due_at: input.dueAt,
        extensions: 0,
        attempts: 0,
        next_attempt_at: null,
      })
      .returning('id');
    return fromRow(
      (await db<CheckInRow>('check_ins')
        .where({ id: insertedId(row) })
        .first())!,
    );
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
    .update({ due_at: dueAt, extensions: read.extensions + 1 });
  return changed > 0;
}

/** Ends the advertiser's timer: the row is deleted. False when there was none. */
export async function endCheckIn(db: Knex, advertiserId: number): Promise<boolean> {
  return (await own(db, advertiserId).delete()) > 0;
}

/** An overdue timer as the job mails it. */
export interface DueCheckIn {
  id: number;
  contactEmail: string;
  shownName: string;
  message: string;
  startedAt: Date;
  dueAt: Date;
  attempts: number;
}

/** Timers past their deadline whose mail may be tried now (never tried, or its retry time reached), oldest first. */
export async function dueCheckIns(db: Knex, now: Date, limit = 100): Promise<DueCheckIn[]> {
  const rows = await db<CheckInRow>('check_ins')
    .where('due_at', '<=', now)
    .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
    .orderBy('due_at')
    .limit(limit);
  return rows.map((r) => ({
    id: Number(r.id),
    contactEmail: r.contact_email,
    shownName: r.shown_name,
    message: r.message,
    startedAt: new Date(r.started_at),
    dueAt: new Date(r.due_at),
    attempts: Number(r.attempts),
  }));
}

/**
 * Takes one try of a timer's mail: counts the attempt and sets when the next may happen, conditional on the count
 * read (a second runner, or a check-in that deleted the row meanwhile, makes it false: then nothing is sent).
 */
export async function claimCheckInAttempt(db: Knex, id: number, attempts: number, retryAt: Date): Promise<boolean> {
  const changed = await db('check_ins')
    .where({ id, attempts })
    .update({ attempts: attempts + 1, next_attempt_at: retryAt });
  return changed > 0;
}

/** After a failed send: the next run may try again at `retryAt`. */
export async function retryCheckInAt(db: Knex, id: number, retryAt: Date): Promise<void> {
  await db('check_ins').where({ id }).update({ next_attempt_at: retryAt });
}

/** The timer ended (its mail sent, or given up): nothing of it stays. */
export async function deleteCheckIn(db: Knex, id: number): Promise<void> {
  await db('check_ins').where({ id }).delete();
}
