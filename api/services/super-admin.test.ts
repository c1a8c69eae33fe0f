// The super admin made on first start, also when several processes start together on one empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin, SUPER_ADMIN_USERNAME } from './super-admin.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('ensureSuperAdmin', () => {
  it('makes one super admin when starts race, and prints one generated password', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureSuperAdmin(t.db, undefined)));
    expect(await t.db('admin_users').where('username', SUPER_ADMIN_USERNAME)).toHaveLength(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => r.generatedPassword)).toHaveLength(1);
    expect(await ensureSuperAdmin(t.db, undefined)).toEqual({ created: false, generatedPassword: null });
  });
});
