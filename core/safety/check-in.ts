// The check-in timer of a verified advertiser (docs/decisions/041-check-in.md), as its owner sees and runs it: one at
// a time; "Extender" adds CHECK_IN_EXTENSION_MINUTES at most MAX_CHECK_IN_EXTENSIONS times, only while the deadline
// has not passed (once it has, the contact's mail is on its way and only "Estoy bien", which ends it, stops it).
import type { Knex } from 'knex';
import { checkInOf, endCheckIn as deleteOwnCheckIn, extendCheckInTo, insertCheckIn, type CheckIn } from '#db/queries/check-ins.ts';
import {
  CHECK_IN_EXTENSION_MINUTES,
  MAX_CHECK_IN_EXTENSIONS,
  type CheckInInput,
  type CheckInAnswer,
  type CheckInStarted,
  type CheckInState,
} from '#shared/check-in.ts';
import { refuse } from '#core/refusals.ts';

const MINUTE_MS = 60_000;

export function presentCheckIn(checkIn: CheckIn): CheckInState {
  return {
    contactEmail: checkIn.contactEmail,
    shownName: checkIn.shownName,
    message: checkIn.message,
    startedAt: checkIn.startedAt.toISOString(),
    dueAt: checkIn.dueAt.toISOString(),
    extensionsLeft: Math.max(0, MAX_CHECK_IN_EXTENSIONS - checkIn.extensions),
  };
}

/** The advertiser's running timer, or null. */
export async function activeCheckIn(db: Knex, advertiserId: number): Promise<CheckInState | null> {
  const checkIn = await checkInOf(db, advertiserId);
  return checkIn ? presentCheckIn(checkIn) : null;
}

/** Starts a timer of `input.minutes`; refused when the advertiser has one already. The id names its mails. */
export async function startCheckIn(
  db: Knex,
  advertiserId: number,
  input: CheckInInput,
  now = new Date(),
): Promise<{ id: number; checkIn: CheckInState }> {
  const { minutes, ...rest } = input;
  const started = await insertCheckIn(db, advertiserId, { ...rest, dueAt: new Date(now.getTime() + minutes * MINUTE_MS) }, now);
  if (started === 'running') throw refuse('check_in_running');
  return { id: started.id, checkIn: presentCheckIn(started) };
}

export async function extendCheckIn(db: Knex, advertiserId: number, now = new Date()): Promise<CheckInState> {
  return db.transaction(async (trx) => {
    const checkIn = await checkInOf(trx, advertiserId);
    if (!checkIn) throw refuse('check_in_missing');
    if (checkIn.dueAt.getTime() <= now.getTime()) throw refuse('check_in_overdue');
    if (checkIn.extensions >= MAX_CHECK_IN_EXTENSIONS) throw refuse('check_in_extension_limit');
    const dueAt = new Date(checkIn.dueAt.getTime() + CHECK_IN_EXTENSION_MINUTES * MINUTE_MS);
    // Conditional on what was read: the job's claim of a timer that just fell due wins.
    if (!(await extendCheckInTo(trx, checkIn, advertiserId, dueAt, now))) throw refuse('check_in_overdue');
    return presentCheckIn({ ...checkIn, dueAt, extensions: checkIn.extensions + 1 });
  });
}

/** "Estoy bien" or "Cancelar": the timer ends and nothing of it is kept; refused when there was none. */
export async function endCheckIn(db: Knex, advertiserId: number): Promise<void> {
  if (!(await deleteOwnCheckIn(db, advertiserId))) throw refuse('check_in_missing');
}

export const checkInAnswer = (checkIn: CheckInState | null): CheckInAnswer => ({ checkIn });

export const checkInStarted = (checkIn: CheckInState, noticeSent: boolean): CheckInStarted => ({ checkIn, noticeSent });
