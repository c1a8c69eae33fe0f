// The hourly deletion of identity documents past their retention, and of the selfies of photo verifications: the
// files first, then their rows, so that a crash in between leaves rows whose files are gone (the next run finishes)
// rather than files nothing names.
import type { Knex } from 'knex';
import type { ObjectStore } from './object-store/object-store.ts';
import { identityDocumentsDue, markIdentityDocumentsPurged, markPhotoSelfiePurged, photoSelfiesDue } from '#db/queries/identity-purge.ts';
import { deleteDocument } from '#api/services/identity-vault.ts';

/** Returns the number of documents and selfies deleted. */
export async function purgeIdentityDocuments(db: Knex, store: ObjectStore, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const due of await identityDocumentsDue(db, now)) {
    for (const key of due.fileKeys) await deleteDocument(store, key);
    await markIdentityDocumentsPurged(db, due, now);
    deleted += due.fileKeys.length;
  }
  for (const { requestId, fileKey } of await photoSelfiesDue(db, now)) {
    await deleteDocument(store, fileKey);
    await markPhotoSelfiePurged(db, requestId, now);
    deleted += 1;
  }
  return deleted;
}
