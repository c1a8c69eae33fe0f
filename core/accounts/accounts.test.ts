// Advertiser accounts: registering, the mailed links that confirm the email and reset the password (each works once,
// for a while), and the new password ending every session. On SQLite, and on PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { advertiserPasswordHash, findAdvertiserByEmail } from '#db/queries/advertiser-accounts.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { checkResetLink, confirmEmail, issueToken, registerAdvertiser, resetPassword, TOKEN_TTL_MS } from './accounts.ts';

const HOUR = 3_600_000;
// A stand-in for argon2id: the rules, not the hashing, are under test here.
const hashPassword = async (password: string) => `hashed:${password}`;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const register = (email: string) =>
  registerAdvertiser({ db: t.db, hashPassword }, { fullName: 'Persona Nueva', email, password: 'una clave larga' });

describe('registering', () => {
  it('makes an unconfirmed account with the password hashed, once per email whatever its case', async () => {
    const id = await register('Nueva@Example.com');
    expect(id).toEqual(expect.any(Number));
    expect(await findAdvertiserByEmail(t.db, 'nueva@example.com')).toMatchObject({ id, emailConfirmedAt: null });
    expect(await advertiserPasswordHash(t.db, id as number)).toBe('hashed:una clave larga');
    await expect(register('NUEVA@example.com')).rejects.toMatchObject({ reason: 'email_taken' });
  });
});

describe('the confirmation link', () => {
  it('confirms the email once, and not after 48 hours; a new link voids the one before; a second click says it is confirmed', async () => {
    const id = (await register('confirma@example.com')) as number;
    const now = new Date();
    const first = await issueToken(t.db, id, 'confirm_email', now);
    const second = await issueToken(t.db, id, 'confirm_email', now);
    expect(await confirmEmail(t.db, first, now)).toBe('invalid');
    expect(await confirmEmail(t.db, second, new Date(now.getTime() + TOKEN_TTL_MS.confirm_email))).toBe('expired');
    expect(await confirmEmail(t.db, second, now)).toEqual({ advertiserId: id });
    // A second click on the link that confirmed it says so; the voided link stays invalid.
    expect(await confirmEmail(t.db, second, now)).toBe('already-confirmed');
    expect(await confirmEmail(t.db, first, now)).toBe('invalid');
    expect((await findAdvertiserByEmail(t.db, 'confirma@example.com'))!.emailConfirmedAt).not.toBeNull();
    expect(await confirmEmail(t.db, undefined, now)).toBe('invalid');
  });
});

describe('the reset link', () => {
  it('is checked without being spent, sets the new password once and ends every session', async () => {
    const id = (await register('olvida@example.com')) as number;
    const now = new Date();
    const token = await issueToken(t.db, id, 'reset_password', now);
    const session = await advertiserSessions.create(t.db, id, now);
    expect(await checkResetLink(t.db, token, now)).toBe('ok');
    expect(await checkResetLink(t.db, token, new Date(now.getTime() + HOUR))).toBe('expired');
    expect(await checkResetLink(t.db, 'x'.repeat(43), now)).toBe('invalid');
    // A confirmation link does not reset a password.
    expect(await checkResetLink(t.db, await issueToken(t.db, id, 'confirm_email', now), now)).toBe('invalid');

    expect(await resetPassword({ db: t.db, hashPassword }, token, 'otra clave larga', now)).toEqual({ advertiserId: id });
    expect(await advertiserPasswordHash(t.db, id)).toBe('hashed:otra clave larga');
    expect(await advertiserSessions.resume(t.db, session, now)).toBeNull();
    expect(await checkResetLink(t.db, token, now)).toBe('invalid');
    expect(await resetPassword({ db: t.db, hashPassword }, token, 'tercera clave', now)).toBe('invalid');
  });
});
