// Staff accounts on a real database: the list never carries a password hash, a new partner's password is stored
// hashed, disabling ends the partner's sessions, and a reset hands over a new password once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { hashToken } from '#core/sessions/tokens.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { actorOf, auditRows, detailsOf } from '../testing.ts';
import { administrators, createPartner, resetPartnerPassword, setPartnerActive, type Passwords } from './administrators.ts';

let t: TestDb;
let master: Admin;
// Not argon2: the core is given whatever hashes passwords; a readable fake shows what was stored.
const passwords: Passwords = { hash: async (p) => `hashed(${p})`, random: () => 'clave-nueva-aleatoria-1' };

beforeAll(async () => {
  t = await createTestDb();
  master = await insertAdministrator(t.db, { isMaster: true, username: 'principal' });
});
afterAll(() => t?.destroy());

describe('administrators', () => {
  it('lists the accounts without a password hash or a session', async () => {
    const partner = await insertAdministrator(t.db, { permissions: ['view_reports'], passwordHash: '$argon2id$hash-secreto' });
    const token = await staffSessions.create(t.db, partner.id);
    const list = await administrators(t.db);
    expect(list[0]!.username).toBe('principal');
    expect(list.find((a) => a.id === partner.id)).toEqual({
      id: partner.id,
      username: partner.username,
      fullName: partner.fullName,
      isMaster: false,
      permissions: ['view_reports'],
      active: true,
      createdAt: expect.any(String),
    });
    const text = JSON.stringify(list);
    expect(text).not.toContain('hash-secreto');
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashToken(token));
  });

  it('creates a partner with the password hashed and an audit row without it', async () => {
    const id = await createPartner({ db: t.db, passwords }, actorOf(master), {
      username: 'nueva_socia',
      fullName: 'Nueva Socia',
      password: 'una-clave-larga-1',
      permissions: ['manage_ads'],
    });
    expect((await t.db('admin_users').where('id', id).first()).password_hash).toBe('hashed(una-clave-larga-1)');
    const [row] = await auditRows(t.db, 'administrator_created', id);
    expect(detailsOf(row)).toEqual({ username: 'nueva_socia', permissions: ['manage_ads'] });
    expect(JSON.stringify(row)).not.toContain('una-clave-larga-1');
    await expect(
      createPartner({ db: t.db, passwords }, actorOf(master), {
        username: 'nueva_socia',
        fullName: 'Otra',
        password: 'x'.repeat(12),
        permissions: [],
      }),
    ).rejects.toMatchObject({ reason: 'username_taken' });
  });

  it('disables a partner and ends their sessions; the super admin cannot be disabled', async () => {
    const partner = await insertAdministrator(t.db);
    const token = await staffSessions.create(t.db, partner.id);
    await setPartnerActive(t.db, actorOf(master), partner.id, false);
    expect(await staffSessions.resume(t.db, token)).toBeNull();
    expect(await auditRows(t.db, 'administrator_disabled', partner.id)).toHaveLength(1);
    await setPartnerActive(t.db, actorOf(master), partner.id, true);
    expect(await auditRows(t.db, 'administrator_enabled', partner.id)).toHaveLength(1);
    await expect(setPartnerActive(t.db, actorOf(master), master.id, false)).rejects.toMatchObject({ reason: 'master_admin_kept' });
  });

  it('hands over a new password once, stored hashed', async () => {
    const partner = await insertAdministrator(t.db);
    expect(await resetPartnerPassword({ db: t.db, passwords }, actorOf(master), partner.id)).toEqual({
      success: true,
      password: 'clave-nueva-aleatoria-1',
    });
    expect((await t.db('admin_users').where('id', partner.id).first()).password_hash).toBe('hashed(clave-nueva-aleatoria-1)');
    const [row] = await auditRows(t.db, 'administrator_password_reset', partner.id);
    expect(JSON.stringify(row)).not.toContain('clave-nueva-aleatoria-1');
    await expect(resetPartnerPassword({ db: t.db, passwords }, actorOf(master), 999_999)).rejects.toMatchObject({
      reason: 'administrator_missing',
    });
  });
});
