// Staff sign-in and sign-out on a real database: a password accepted only for an active account, every failure
// audited. What follows a right password (a second step, a session) is core/second-step's, tested there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { auditRows, detailsOf } from './testing.ts';
import { checkStaffPassword, recordRefusedSignIn, signOut, type PasswordCheck } from './sign-in.ts';

let t: TestDb;
const HASH = '$argon2id$v=19$hash-de-prueba';
// The core is given the check; this one accepts 'la-clave-correcta' against HASH only, and sees unknown accounts.
const checked: (string | null | undefined)[] = [];
const passwords: PasswordCheck = {
  check: async (hash, password) => {
    checked.push(hash);
    return hash === HASH && password === 'la-clave-correcta';
  },
};
const deps = () => ({ db: t.db, passwords, now: new Date() });
const attempt = (username: string, password: string) => ({ username, password, ip: '198.51.100.4', failures: 1 });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.destroy());

describe('checkStaffPassword', () => {
  it('accepts the right password of an active account, naming the staff member without the hash', async () => {
    const admin = await insertAdministrator(t.db, { username: 'operadora', passwordHash: HASH, permissions: ['view_reports'] });
    const outcome = await checkStaffPassword(deps(), attempt('operadora', 'la-clave-correcta'));
    expect(outcome).toEqual({
      accepted: true,
      admin: { id: admin.id, username: 'operadora', fullName: admin.fullName, isMaster: false, permissions: ['view_reports'] },
    });
    expect(JSON.stringify(outcome)).not.toContain(HASH);
    expect(await auditRows(t.db, 'login_failed')).toEqual([]);
  });

  it('refuses a wrong password, a disabled account and an unknown username alike, each audited', async () => {
    await insertAdministrator(t.db, { username: 'desactivada', passwordHash: HASH, active: false });
    checked.length = 0;
    for (const [username, password] of [
      ['operadora', 'otra-clave'],
      ['desactivada', 'la-clave-correcta'],
      ['nadie', 'la-clave-correcta'],
    ] as const)
      expect(await checkStaffPassword(deps(), attempt(username, password))).toEqual({ accepted: false });
    // The unknown username is checked too (against no hash): it costs the same time.
    expect(checked).toEqual([HASH, HASH, undefined]);
    const failed = await auditRows(t.db, 'login_failed');
    expect(failed.map((r) => r.username)).toEqual(['operadora', 'desactivada', 'nadie']);
    expect(detailsOf(failed[0])).toEqual({ failures: 1 });
    expect(failed[2]!.admin_user_id).toBeNull();
  });

  it('records an attempt the throttle refused', async () => {
    await recordRefusedSignIn(t.db, { scope: 'account', username: 'operadora', ip: '198.51.100.4' }, new Date());
    expect(detailsOf((await auditRows(t.db, 'login_slowed'))[0])).toEqual({ scope: 'account' });
  });
});

describe('signOut', () => {
  it('ends the session and records who left; an unknown token is a no-op', async () => {
    const admin = await insertAdministrator(t.db);
    const token = await staffSessions.create(t.db, admin.id);
    await signOut(t.db, token, '198.51.100.4');
    expect(await staffSessions.resume(t.db, token)).toBeNull();
    await signOut(t.db, undefined, '198.51.100.4');
    expect(await auditRows(t.db, 'logout')).toEqual([expect.objectContaining({ username: admin.username })]);
  });
});
