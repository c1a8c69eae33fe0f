// The check-in job (docs/decisions/041-check-in.md): every minute, each timer past its deadline gets its mail to
// the trusted contact, then its row is deleted. Each try is claimed first (attempts + 1, a time before which no run
// tries again), so a run that crashes mid-send is retried after CLAIM_MS, never at once and never by two runners;
// the only duplicate possible is a crash between the server accepting the mail and the delete, and that resend
// carries the same Message-ID. A send that fails is tried again on the next run; after GIVE_UP_MS past the deadline
// the timer is deleted unsent (the contact would hear too late for it to help, and nothing may stay for ever).
import type { Knex } from 'knex';
import { claimCheckInAttempt, deleteCheckIn, dueCheckIns, retryCheckInAt } from '#db/queries/check-ins.ts';
import { mailFailure, type Mailer } from '#core/mail/mail.ts';
import { checkInAlertMail, checkInMessageId } from '#core/safety/check-in-mails.ts';

/** How long a claimed try is left alone before another run may take it (a crash in the middle of a send). */
export const CLAIM_MS = 5 * 60_000;
/** Past the deadline by this much, a mail that still could not be sent is given up. */
export const GIVE_UP_MS = 6 * 60 * 60_000;

export interface CheckInAlertsResult {
  sent: number;
  failed: number;
  givenUp: number;
}

export async function runCheckInAlerts(db: Knex, mailer: Mailer, siteOrigin: string, now = new Date()): Promise<CheckInAlertsResult> {
  const result: CheckInAlertsResult = { sent: 0, failed: 0, givenUp: 0 };
  for (const timer of await dueCheckIns(db, now)) {
    if (now.getTime() - timer.dueAt.getTime() > GIVE_UP_MS) {
      await deleteCheckIn(db, timer.id);
      result.givenUp += 1;
      continue;
    }
    if (!(await claimCheckInAttempt(db, timer.id, timer.attempts, new Date(now.getTime() + CLAIM_MS)))) continue;
    const mail = checkInAlertMail(timer.contactEmail, {
      ...timer,
      messageId: checkInMessageId('alert', timer.id, timer.startedAt, siteOrigin),
    });
    try {
      await mailer.send(mail);
    } catch (err) {
      // Logged without the address or the message: only that a timer's mail failed and the transport's code.
      console.error(`Check-in alert ${timer.id}: the mail failed (${mailFailure(err)}); tried again on the next run.`);
      await retryCheckInAt(db, timer.id, now);
      result.failed += 1;
      continue;
    }
    await deleteCheckIn(db, timer.id);
    result.sent += 1;
  }
  return result;
}
