// Identity documents are kept 30 days after the decision on their request, then deleted: the files first, then
// their rows; the request keeps its decision, date and reviewer, and notes when its documents went.
import type { Knex } from 'knex';
import { deleteDocument } from '../../api/services/identity-vault.ts';

export const DOCUMENT_RETENTION_DAYS = 30;

/** Returns the number of documents deleted. */
export async function purgeIdentityDocuments(db: Knex, dataDir: string, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * 86_400_000);
  const requests = await db('verification_requests').whereNot('status', 'pending').whereNull('documents_purged_at').where('decided_at', '<', cutoff).pluck('id');
  let deleted = 0;
  for (const requestId of requests) {
    const keys: string[] = await db('identity_documents').where('request_id', requestId).pluck('file_key');
    for (const key of keys) await deleteDocument(dataDir, key);
    await db.transaction(async (trx) => {
      await trx('identity_documents').where('request_id', requestId).delete();
      await trx('verification_requests').where('id', requestId).update({ documents_purged_at: now });
    });
    deleted += keys.length;
  }
  return deleted;
}
