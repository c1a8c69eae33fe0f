// The report-escalation job (api/jobs.ts): escalates the open hiding reports past 24 hours (each once, with a staff
// alert: db/queries/report-escalation.ts) and mails each to STAFF_ALERT_EMAIL through the staff-alert mail. The
// mark is written before the mail: a mail that fails is not sent again, and the alert stays in the panel.
import type { Knex } from 'knex';
import { escalateOverdueReports } from '#db/queries/report-escalation.ts';
import type { Mailer } from '#core/mail/mail.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';

export async function escalateReports(
  db: Knex,
  mailer: Mailer,
  staffAlertEmail: string | undefined,
  siteOrigin: string,
  now = new Date(),
): Promise<number> {
  const escalated = await escalateOverdueReports(db, now);
  for (const report of escalated) await mailStaffAlert(mailer, staffAlertEmail, report.message, siteOrigin);
  return escalated.length;
}
