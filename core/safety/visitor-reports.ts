// What visitors send to staff without an account: a report of an ad (a possible minor or trafficking hides it at once,
// decision 044) and the contact form. The reporter is kept only as a keyed hash of its request source (address or
// IPv6 /64): enough to limit one reporter, never the address itself.
import type { Knex } from 'knex';
import { createReport } from '#db/queries/reports.ts';
import { saveContactMessage } from '#db/queries/contact-messages.ts';
import { keyedHash } from '#db/queries/server-keys.ts';
import { adIdFromReference } from '#shared/ad-text.ts';
import type { ContactTopic } from '#shared/contact-topics.ts';
import { HIDING_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import type { ReportFiled } from '#shared/contracts/public/reports.ts';

export interface VisitorReport {
  adId?: number | null;
  adReference?: string | null;
  reason: ReportReason;
  details?: string | null;
  contactEmail?: string | null;
}

/**
 * Files the report: the answer (its id, whether it hid the ad), the hidden ad's owner to tell (never who reported),
 * and what staff must be alerted of now (a hiding reason about a known ad), or null.
 */
export async function fileVisitorReport(db: Knex, report: VisitorReport, source: string) {
  const adId = report.adId ?? (report.adReference ? adIdFromReference(report.adReference) : null);
  const { id, hidden, heldAd } = await createReport(db, {
    adId,
    adReference: report.adReference || null,
    reason: report.reason,
    details: report.details || null,
    contactEmail: report.contactEmail || null,
    reporterKey: await keyedHash(db, 'reporter_hash_key', source),
  });
  const staffAlert =
    adId !== null && HIDING_REASONS.includes(report.reason)
      ? `Una denuncia por ${report.reason === 'posible_menor' ? 'posible menor de edad' : 'posible trata'} sobre el anuncio con código ${adId}${hidden ? ' lo ocultó' : ''}.`
      : null;
  return { answer: reportFiled(id, hidden), heldAd, staffAlert };
}

const reportFiled = (id: number, hidden: boolean): ReportFiled => ({ success: true, id, hidden });

export function sendContactMessage(db: Knex, message: { name?: string | null; email: string; topic: ContactTopic; message: string }) {
  return saveContactMessage(db, { name: message.name || null, email: message.email, topic: message.topic, message: message.message });
}
