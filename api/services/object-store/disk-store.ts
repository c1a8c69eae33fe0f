// The object store as folders under DATA_DIR, where Velada has always kept its files: folders 0700 and files
// 0600 (only this process's user reads them; photos reach visitors through the app, never the file system).
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkKey, checkPrefix } from './object-keys.ts';
import type { ObjectInfo, ObjectStore } from './object-store.ts';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function diskStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, bytes, { mode: 0o600 });
    },

    async get(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      try {
        const stat = await handle.stat();
        return { bytes: await handle.readFile(), lastModified: stat.mtime };
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async list(prefix) {
      const dir = path.join(root, checkPrefix(prefix));
      let entries;
      try {
        entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
      const found: ObjectInfo[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat) continue; // deleted meanwhile
        found.push({ key: path.relative(root, file).split(path.sep).join('/'), lastModified: stat.mtime });
      }
      return found;
    },
  };
}
