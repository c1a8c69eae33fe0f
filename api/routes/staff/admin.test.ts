// Staff accounts managed by the super admin, on SQLite and PostgreSQL: partners sign in with exactly their
// permissions, duplicates and weak passwords are refused, disabling ends sessions, a reset hands over a password once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#api/services/passwords.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

describe('staff accounts', () => {
  it('creates partners who sign in with their permissions, refuses duplicates, and never disables the super admin', async () => {
    const { call, cookies, t, loginAs } = panel;
    const input = { username: 'Lucia.Socia', fullName: 'Lucía Socia', password: 'clave-de-lucia-123', permissions: ['view_payments'] };
    expect((await call('POST', '/api/admin/administrators', cookies.super, input)).status).toBe(201);
    expect((await call('POST', '/api/admin/administrators', cookies.super, input)).status).toBe(409);
    const short = await call('POST', '/api/admin/administrators', cookies.super, { ...input, username: 'otra', password: 'corta' });
    expect((await errorOf(short)).message).toContain('La contraseña debe tener al menos 12 caracteres');
    const lucia = await loginAs('lucia.socia', 'clave-de-lucia-123');
    expect((await call('GET', '/api/admin/payments', lucia)).status).toBe(200);
    expect((await call('GET', '/api/admin/subscribers', lucia)).status).toBe(403);

    const master = await t.db('admin_users').where('is_master', true).first('id');
    expect((await call('POST', `/api/admin/administrators/${master.id}/disable`, cookies.super)).status).toBe(409);
  });

  it('disabling ends the sessions; a password reset hands over a new password once, never logged', async () => {
    const { call, cookies, t, loginAs } = panel;
    const id = (
      await insertAdministrator(t.db, {
        username: 'temporal',
        fullName: 'Temporal',
        passwordHash: await hashPassword('clave-temporal-123'),
      })
    ).id;
    const session = await loginAs('temporal', 'clave-temporal-123');
    expect((await call('POST', `/api/admin/administrators/${id}/disable`, cookies.super)).status).toBe(200);
    expect((await call('GET', '/api/admin/me', session)).status).toBe(401);
    expect((await call('POST', `/api/admin/administrators/${id}/enable`, cookies.super)).status).toBe(200);
    const reset = await call('POST', `/api/admin/administrators/${id}/reset-password`, cookies.super);
    const { password } = (await reset.json()) as { password: string };
    expect(password).toMatch(/^[\w-]{20}$/);
    await loginAs('temporal', password);
    const entry = await t.db('audit_log').where('action', 'administrator_password_reset').orderBy('id', 'desc').first();
    expect(JSON.stringify(entry)).not.toContain(password);
    expect((await call('POST', '/api/admin/administrators/999999/reset-password', cookies.super)).status).toBe(404);
  });
});
