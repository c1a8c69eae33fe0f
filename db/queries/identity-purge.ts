// Identity documents are kept 30 days after the decision on their request, then deleted (api/services/
// identity-purge.ts deletes the files). The request keeps its decision, date and reviewer, and notes when its
// documents went. The selfies of photo verifications ("Fotos reales") follow the same rule.
import type { Knex } from 'knex';
import { IdentityDocument, PhotoVerificationRequest, VerificationRequest } from '#db/models/index.ts';
import { SELFIE_RETENTION_DAYS } from '#shared/photo-verification.ts';

export const DOCUMENT_RETENTION_DAYS = 30;

/** The decided requests whose documents are due for deletion, with their documents' file keys. */
export async function identityDocumentsDue(db: Knex, now = new Date()): Promise<{ requestId: number; fileKeys: string[] }[]> {
  const cutoff = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * 86_400_000);
  const requests = await VerificationRequest.query(db)
    .whereNot('status', 'pending')
    .whereNull('documents_purged_at')
    .where('decided_at', '<', cutoff)
    .select('id')
    .withGraphFetched('documents');
  return requests.map((r) => ({ requestId: r.id, fileKeys: r.documents!.map((d) => d.fileKey) }));
}

/** Deletes a request's document rows and notes when they went. */
export async function markIdentityDocumentsPurged(db: Knex, requestId: number, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    await IdentityDocument.query(trx).where('request_id', requestId).delete();
    await VerificationRequest.query(trx).findById(requestId).patch({ documentsPurgedAt: now });
  });
}

/** Decided photo verifications whose selfie is due for deletion, with the selfie's file key. */
export async function photoSelfiesDue(db: Knex, now = new Date()): Promise<{ requestId: number; fileKey: string }[]> {
  const cutoff = new Date(now.getTime() - SELFIE_RETENTION_DAYS * 86_400_000);
  const requests = await PhotoVerificationRequest.query(db)
    .whereIn('status', ['approved', 'rejected'])
    .whereNotNull('selfie_key')
    .where('decided_at', '<', cutoff)
    .select('id', 'selfie_key');
  return requests.map((r) => ({ requestId: r.id, fileKey: r.selfieKey! }));
}

/** Forgets a request's selfie (its file is gone) and notes when; the decision, its date and reviewer stay. */
export async function markPhotoSelfiePurged(db: Knex, requestId: number, now = new Date()): Promise<void> {
  await PhotoVerificationRequest.query(db).findById(requestId).patch({ selfieKey: null, selfieBytes: null, selfiePurgedAt: now });
}
