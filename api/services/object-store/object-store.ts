// Where every stored file goes: ad photos, transfer receipts and identity documents (decision 028). One small
// interface with two backends: folders under DATA_DIR (the default) and an S3-compatible bucket (S3_BUCKET).
// Keys are paths relative to DATA_DIR ('uploads/ads/{key}-{width}.webp', 'identity/{key}.bin',
// 'receipts/{key}.bin'), so a bucket mirrors the data folder and existing files need no migration.
import type { Config } from '#api/config.ts';
import { diskStore } from './disk-store.ts';
import { s3Store } from './s3-store.ts';

export interface PutOptions {
  contentType: string;
  /** Kept with the object for whoever serves it straight from the bucket (MEDIA_PUBLIC_URL). */
  cacheControl?: string;
}

export interface StoredObject {
  bytes: Buffer;
  lastModified: Date;
}

export interface ObjectInfo {
  key: string;
  lastModified: Date;
}

export interface ObjectStore {
  /** Writes an object whole, replacing one of the same key. */
  put(key: string, bytes: Buffer, options: PutOptions): Promise<void>;
  /** The object, or null when there is none of that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes an object; one that does not exist is fine (the goal is that none remains). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: it ends with '/'), with when it was written. */
  list(prefix: string): Promise<ObjectInfo[]>;
}

/** The store the configuration names: the bucket when S3_BUCKET is set, DATA_DIR otherwise. */
export function openObjectStore(config: Pick<Config, 'dataDir' | 's3'>): ObjectStore {
  return config.s3 ? s3Store(config.s3) : diskStore(config.dataDir);
}

/**
 * Deletes objects whose rows are already gone. The change the user asked for has happened, so a failure is only
 * logged (no key, no user data): the hourly orphan sweep (api/services/orphan-files.ts) removes what remains.
 */
export async function deleteLeftovers(deletions: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(deletions)).filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length)
    console.error(`${failed.length} stored files could not be deleted now; the orphan sweep will: ${(failed[0]!.reason as Error).message}`);
}
