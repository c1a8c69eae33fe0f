// How long identity documents and "Fotos reales" selfies are kept after staff decide on them, and how the advertiser
// is told (docs/decisions/066-identity-retention-and-dni-masking.md): one rule for the purge job, the pages, the
// data download and the privacy policy.
import { formatLongDate } from '#shared/format.ts';

/** Documents and selfies are deleted this many days after the decision; the decision, its date and reviewer stay. */
export const IDENTITY_RETENTION_DAYS = 7;

const DAY_MS = 86_400_000;
/** The hourly purge (api/jobs.ts) deletes them within this long after they are due. */
const PURGE_INTERVAL_MS = 3_600_000;

/** The instant from which the files of a decision made at `decidedAt` are due for deletion. */
export const identityDeletionDue = (decidedAt: Date | string): Date =>
  new Date(new Date(decidedAt).getTime() + IDENTITY_RETENTION_DAYS * DAY_MS);

/** The latest instant they are gone by: the day the advertiser is told. */
export const identityDeletionBy = (decidedAt: Date | string): Date =>
  new Date(identityDeletionDue(decidedAt).getTime() + PURGE_INTERVAL_MS);

/**
 * What the advertiser reads about the files of a decided request: 'Tus documentos se borrarán el 3 de diciembre de
 * 2026' before, 'Tus documentos se borraron el …' after; null while nothing is decided.
 */
export function identityDeletionText(
  what: 'documents' | 'selfie',
  dates: { decidedAt: Date | string | null; deletedAt: Date | string | null },
): string | null {
  const subject = what === 'documents' ? 'Tus documentos' : 'Tu selfie de verificación';
  const plural = what === 'documents';
  if (dates.deletedAt) return `${subject} ${plural ? 'se borraron' : 'se borró'} el ${formatLongDate(dates.deletedAt)}.`;
  if (!dates.decidedAt) return null;
  return `${subject} ${plural ? 'se borrarán' : 'se borrará'} el ${formatLongDate(identityDeletionBy(dates.decidedAt))}.`;
}
