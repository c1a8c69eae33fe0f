// Vitest's global setup: one migrated SQLite template for the whole run, in a folder of its own that is removed
// when the run ends. Test files copy it (createTestDb) instead of migrating a database each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSqliteTemplate } from './test-db.ts';

export async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-test-template-'));
  process.env.VELADA_TEST_TEMPLATE = await buildSqliteTemplate(dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
