// Which stored files the database still names. Files are written before the row that names them and deleted after
// it goes, so a crash (or a failed delete) can leave a file that nothing names; the orphan-file job
// (api/services/orphan-files.ts) asks here which of the files it found are still wanted.
import type { Knex } from 'knex';
import { keysNotKeptAsEvidence } from './report-evidence.ts';

/** The folders of stored files, each with the rows that keep its files. */
export type FileFolder = 'ad-images' | 'identity' | 'receipts';

/** Keys per query: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

async function referencesIn(db: Knex, folder: FileFolder, keys: string[]): Promise<string[]> {
  switch (folder) {
    case 'ad-images': {
      // A photo of an ad, or evidence kept by a report that is open or was upheld (report-evidence.ts).
      const photos: string[] = await db('ad_images').whereIn('file_key', keys).pluck('file_key');
      const notEvidence = new Set(await keysNotKeptAsEvidence(db, keys));
      return [...photos, ...keys.filter((key) => !notEvidence.has(key))];
    }
    case 'identity': {
      // Identity documents, and the selfies of photo verifications (sealed in the same folder).
      const documents: string[] = await db('identity_documents').whereIn('file_key', keys).pluck('file_key');
      const selfies: string[] = await db('photo_verification_requests').whereIn('selfie_key', keys).pluck('selfie_key');
      return [...documents, ...selfies];
    }
    case 'receipts':
      return db('payments').whereIn('receipt_key', keys).pluck('receipt_key');
  }
}

/** The keys among `keys` that some row still names. */
export async function referencedFileKeys(db: Knex, folder: FileFolder, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const key of await referencesIn(db, folder, keys.slice(i, i + CHUNK))) found.add(key);
  }
  return found;
}
