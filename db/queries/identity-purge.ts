// Identity documents are kept 30 days after the decision on their request, then deleted (api/services/
// identity-purge.ts deletes the files). The request keeps its decision, date and reviewer, and notes when its
// documents went.
import type { Knex } from 'knex';

export const DOCUMENT_RETENTION_DAYS = 30;

/** The decided requests whose documents are due for deletion, with their documents' file keys. */
export async function identityDocumentsDue(db: Knex, now = new Date()): Promise<{ requestId: number; fileKeys: string[] }[]> {
  const cutoff = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * 86_400_000);
  const requests: number[] = await db('verification_requests')
    .whereNot('status', 'pending')
    .whereNull('documents_purged_at')
    .where('decided_at', '<', cutoff)
    .pluck('id');
  const due = [];
  for (const requestId of requests)
    due.push({ requestId, fileKeys: (await db('identity_documents').where('request_id', requestId).pluck('file_key')) as string[] });
  return due;
}

/** Deletes a request's document rows and notes when they went. */
export async function markIdentityDocumentsPurged(db: Knex, requestId: number, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('identity_documents').where('request_id', requestId).delete();
    await trx('verification_requests').where('id', requestId).update({ documents_purged_at: now });
  });
}
