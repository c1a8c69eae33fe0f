// Migrations when several processes start together on one PostgreSQL database: they take turns and all succeed
// (Knex alone lets the second fail with "Migration table is already locked").
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { knexConfig, migrate } from './connection.ts';
import { readCatalogVersion } from './queries/catalog-version.ts';

describe.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')('migrate on PostgreSQL', () => {
  it('lets processes starting together migrate one after another, each finding the schema complete', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url });
    await admin.raw(`create schema ${schema}`);
    const processes = [1, 2, 3].map(() => knexFactory({ ...knexConfig(url, '/tmp'), searchPath: [schema], pool: { min: 0, max: 3 } }));
    try {
      await Promise.all(processes.map((db) => migrate(db)));
      for (const db of processes) expect(await readCatalogVersion(db)).toBeGreaterThanOrEqual(0);
      const [done] = await Promise.all(processes.map((db) => db.migrate.status()));
      expect(done).toBe(0); // no migration left to run
    } finally {
      await Promise.all(processes.map((db) => db.destroy()));
      await admin.raw(`drop schema ${schema} cascade`);
      await admin.destroy();
    }
  });
});
