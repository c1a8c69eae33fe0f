// The orphan-file job: removes stored files that no row names any more. A file is written before the row that
// names it and deleted after that row goes, so a crash between the two (kill -9, power loss), a failed delete or
// a refused upload leaves a file behind; so does the demo seed's pool of pictures. Files younger than an hour are
// left alone: an upload in flight has written its file and not yet its row.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { referencedFileKeys, type FileFolder } from '#db/queries/file-references.ts';
import { adImagesDir } from './image-store.ts';
import { identityDir } from './identity-vault.ts';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** Where each folder's files are, and the key in a file's name (null: not a name this project writes). */
const FOLDERS: Record<FileFolder, { dir: (dataDir: string) => string; keyOf: (name: string) => string | null }> = {
  'ad-images': { dir: adImagesDir, keyOf: (name) => /^([a-f0-9]{32})-\d+\.webp$/.exec(name)?.[1] ?? null },
  identity: { dir: (dataDir) => identityDir(dataDir, 'identity'), keyOf: (name) => /^([a-f0-9]{32})\.bin$/.exec(name)?.[1] ?? null },
  receipts: { dir: (dataDir) => identityDir(dataDir, 'receipts'), keyOf: (name) => /^([a-f0-9]{32})\.bin$/.exec(name)?.[1] ?? null },
};

export type OrphanFilesResult = Record<FileFolder, number>;

/** The files of a folder by key, each key with the newest change time of its files. */
async function filesByKey(dir: string, keyOf: (name: string) => string | null) {
  const byKey = new Map<string, { files: string[]; newestMs: number }>();
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  for (const name of names) {
    const key = keyOf(name);
    if (!key) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) continue; // deleted meanwhile
    const entry = byKey.get(key) ?? { files: [], newestMs: 0 };
    entry.files.push(file);
    entry.newestMs = Math.max(entry.newestMs, stat.mtimeMs);
    byKey.set(key, entry);
  }
  return byKey;
}

/** Deletes the files older than `minAgeMs` that no row names; returns how many keys went from each folder. */
export async function removeOrphanFiles(
  db: Knex,
  dataDir: string,
  now = new Date(),
  minAgeMs = ORPHAN_MIN_AGE_MS,
): Promise<OrphanFilesResult> {
  const removed: OrphanFilesResult = { 'ad-images': 0, identity: 0, receipts: 0 };
  for (const folder of Object.keys(FOLDERS) as FileFolder[]) {
    const { dir, keyOf } = FOLDERS[folder];
    const byKey = await filesByKey(dir(dataDir), keyOf);
    const old = [...byKey].filter(([, entry]) => entry.newestMs < now.getTime() - minAgeMs).map(([key]) => key);
    const wanted = await referencedFileKeys(db, folder, old);
    for (const key of old) {
      if (wanted.has(key)) continue;
      await Promise.all(byKey.get(key)!.files.map((file) => fs.rm(file, { force: true })));
      removed[folder] += 1;
    }
  }
  return removed;
}
