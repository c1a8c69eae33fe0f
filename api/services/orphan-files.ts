// The orphan-file job: removes stored files that no row names any more. A file is written before the row that
// names it and deleted after that row goes, so a crash between the two (kill -9, power loss), a failed delete or
// a refused upload leaves a file behind; so does the demo seed's pool of pictures. Files younger than an hour are
// left alone: an upload in flight has written its file and not yet its row. It works on any object store
// (list with the time each object was written, then delete).
import type { Knex } from 'knex';
import { referencedFileKeys, type FileFolder } from '#db/queries/file-references.ts';
import type { ObjectStore } from './object-store/object-store.ts';
import { AD_IMAGES_PREFIX } from './image-store.ts';
import { sealedPrefix } from './identity-vault.ts';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** Where each folder's objects are, and the key in an object's name (null: not a name this project writes). */
const FOLDERS: Record<FileFolder, { prefix: string; keyOf: (name: string) => string | null }> = {
  'ad-images': { prefix: AD_IMAGES_PREFIX, keyOf: (name) => /^([a-f0-9]{32})-\d+\.webp$/.exec(name)?.[1] ?? null },
  identity: { prefix: sealedPrefix('identity'), keyOf: (name) => /^([a-f0-9]{32})\.bin$/.exec(name)?.[1] ?? null },
  receipts: { prefix: sealedPrefix('receipts'), keyOf: (name) => /^([a-f0-9]{32})\.bin$/.exec(name)?.[1] ?? null },
};

export type OrphanFilesResult = Record<FileFolder, number>;

/** The objects of a folder by key, each key with the newest write time of its objects. */
async function objectsByKey(store: ObjectStore, prefix: string, keyOf: (name: string) => string | null) {
  const byKey = new Map<string, { objects: string[]; newestMs: number }>();
  for (const object of await store.list(prefix)) {
    const key = keyOf(object.key.slice(prefix.length));
    if (!key) continue;
    const entry = byKey.get(key) ?? { objects: [], newestMs: 0 };
    entry.objects.push(object.key);
    entry.newestMs = Math.max(entry.newestMs, object.lastModified.getTime());
    byKey.set(key, entry);
  }
  return byKey;
}

/** Deletes the files older than `minAgeMs` that no row names; returns how many keys went from each folder. */
export async function removeOrphanFiles(
  db: Knex,
  store: ObjectStore,
  now = new Date(),
  minAgeMs = ORPHAN_MIN_AGE_MS,
): Promise<OrphanFilesResult> {
  const removed: OrphanFilesResult = { 'ad-images': 0, identity: 0, receipts: 0 };
  for (const folder of Object.keys(FOLDERS) as FileFolder[]) {
    const { prefix, keyOf } = FOLDERS[folder];
    const byKey = await objectsByKey(store, prefix, keyOf);
    const old = [...byKey].filter(([, entry]) => entry.newestMs < now.getTime() - minAgeMs).map(([key]) => key);
    const wanted = await referencedFileKeys(db, folder, old);
    for (const key of old) {
      if (wanted.has(key)) continue;
      await Promise.all(byKey.get(key)!.objects.map((object) => store.delete(object)));
      removed[folder] += 1;
    }
  }
  return removed;
}
