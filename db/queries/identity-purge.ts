// Identity documents are kept IDENTITY_RETENTION_DAYS after the decision on their request, then deleted (api/services/
// identity-purge.ts deletes the files). The request keeps its decision, date and reviewer, and notes when its
// documents went. The selfies of photo verifications ("Fotos reales") follow the same rule. Each deletion writes an
// audit row with no actor (the system did it), naming the request and how many files went, never their content.
import type { Knex } from 'knex';
import { IdentityDocument, PhotoVerificationRequest, VerificationRequest } from '#db/models/index.ts';
import { IDENTITY_RETENTION_DAYS } from '#shared/identity-retention.ts';
import { audit } from './admin/audit-log.ts';

const cutoffOf = (now: Date) => new Date(now.getTime() - IDENTITY_RETENTION_DAYS * 86_400_000);

export interface DocumentsDue {
  requestId: number;
  advertiserId: number;
  fileKeys: string[];
}

/** The decided requests whose documents are due for deletion (decided at least the retention ago), with their file keys. */
export async function identityDocumentsDue(db: Knex, now = new Date()): Promise<DocumentsDue[]> {
  const requests = await VerificationRequest.query(db)
    .whereNot('status', 'pending')
    .whereNull('documents_purged_at')
    .where('decided_at', '<=', cutoffOf(now))
    .select('id', 'advertiser_id')
    .withGraphFetched('documents');
  return requests.map((r) => ({ requestId: r.id, advertiserId: r.advertiserId, fileKeys: r.documents!.map((d) => d.fileKey) }));
}

/** Deletes a request's document rows, notes when they went and records it in the audit log, in one transaction. */
export async function markIdentityDocumentsPurged(db: Knex, due: DocumentsDue, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    await IdentityDocument.query(trx).where('request_id', due.requestId).delete();
    await VerificationRequest.query(trx).findById(due.requestId).patch({ documentsPurgedAt: now });
    const details = { requestId: due.requestId, files: due.fileKeys.length };
    await audit(trx, { action: 'identity_documents_deleted', targetType: 'advertiser', targetId: due.advertiserId, details }, now);
  });
}

/** Decided photo verifications whose selfie is due for deletion, with the selfie's file key. */
export async function photoSelfiesDue(db: Knex, now = new Date()): Promise<{ requestId: number; fileKey: string }[]> {
  const requests = await PhotoVerificationRequest.query(db)
    .whereIn('status', ['approved', 'rejected'])
    .whereNotNull('selfie_key')
    .where('decided_at', '<=', cutoffOf(now))
    .select('id', 'selfie_key');
  return requests.map((r) => ({ requestId: r.id, fileKey: r.selfieKey! }));
}

/** Forgets a request's selfie (its file is gone), notes when and records it; the decision, its date and reviewer stay. */
export async function markPhotoSelfiePurged(db: Knex, requestId: number, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    await PhotoVerificationRequest.query(trx).findById(requestId).patch({ selfieKey: null, selfieBytes: null, selfiePurgedAt: now });
    await audit(trx, { action: 'photo_selfie_deleted', targetType: 'photo_verification', targetId: requestId }, now);
  });
}
