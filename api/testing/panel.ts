// A test file's panel: a fresh database and app, the super admin and one partner per permission (plus one with
// none) signed in (each through the second step's set-up), and a caller that speaks to the panel's API as the browser does.
import { expect } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import type { Config } from '#api/config.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { insertedId } from '#db/dialect.ts';
import { ADMIN_PERMISSIONS, type AdminPermission } from '#shared/admin-permissions.ts';
import { totpCode, totpStep } from '#core/second-step/totp.ts';

export const SUPER_ADMIN_PASSWORD = 'clave-super-segura-1';

export interface Panel {
  t: TestDb;
  server: TestApp;
  identityKey: Buffer;
  /** Session tokens: 'super', 'none' (a partner without permissions) and one per permission. */
  cookies: Record<string, string>;
  call(method: string, path: string, cookie?: string, body?: unknown): Promise<Response>;
  loginAs(username: string, password: string): Promise<string>;
  insertId(table: string, row: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

/** `config`: settings of the app beyond the test defaults (a trusted proxy, say). */
export async function startPanel(options: { config?: Partial<Config> } = {}): Promise<Panel> {
  const t = await createTestDb();
  const identityKey = Buffer.alloc(32, 3);
  await ensureSuperAdmin(t.db, SUPER_ADMIN_PASSWORD);
  const server = await serveTestApp(t, { config: { identityKey, ...options.config } });

  const call = (method: string, path: string, cookie?: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        ...(cookie ? { Cookie: `${staffSessions.cookie}=${cookie}` } : {}),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  // Staff sign in as in production (decision 069): a first sign-in sets up an authenticator app, its code computed
  // here; a later one uses one of the recovery codes that set-up gave (a code of the same 30 seconds is refused).
  const recoveryCodes = new Map<string, string[]>();
  const step = async (res: Response, path: string, body?: unknown) =>
    fetch(`${server.url}/api/admin/login/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: `velada_admin_paso=${cookieOf(res, 'velada_admin_paso')}`,
      },
      body: JSON.stringify(body ?? {}),
    });
  const loginAs = async (username: string, password: string) => {
    const res = await call('POST', '/api/admin/login', undefined, { username, password });
    expect(res.status).toBe(200);
    const { next } = (await res.clone().json()) as { next: string };
    if (next === 'done') return cookieOf(res, staffSessions.cookie);
    if (next === 'second-step') {
      const used = await step(res, 'code', { code: recoveryCodes.get(username)!.shift() });
      expect(used.status).toBe(200);
      return cookieOf(used, staffSessions.cookie);
    }
    const { secret } = (await (await step(res, 'setup/totp')).json()) as { secret: string };
    const confirmed = await step(res, 'setup/totp/confirm', { code: totpCode(secret, totpStep(new Date())) });
    expect(confirmed.status).toBe(200);
    recoveryCodes.set(username, ((await confirmed.clone().json()) as { recoveryCodes: string[] }).recoveryCodes);
    return cookieOf(confirmed, staffSessions.cookie);
  };
  const insertId = async (table: string, row: Record<string, unknown>) => insertedId((await t.db(table).insert(row).returning('id'))[0]);
  const addPartner = async (username: string, permissions: AdminPermission[]) => {
    await insertId('admin_users', {
      username,
      full_name: `Socio ${username}`,
      password_hash: await hashPassword('clave-de-socio-1'),
      is_master: false,
      permissions: JSON.stringify(permissions),
      active: true,
      created_at: new Date(),
    });
    return loginAs(username, 'clave-de-socio-1');
  };

  const cookies: Record<string, string> = {
    super: await loginAs('velada_admin', SUPER_ADMIN_PASSWORD),
    none: await addPartner('sin_permisos', []),
  };
  for (const permission of ADMIN_PERMISSIONS) cookies[permission] = await addPartner(`con_${permission}`, [permission]);
  return {
    t,
    server,
    identityKey,
    cookies,
    call,
    loginAs,
    insertId,
    async close() {
      await server.close();
      await t.destroy();
    },
  };
}

/** A cookie's value from an answer's Set-Cookie headers. */
function cookieOf(res: Response, name: string): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header!.slice(name.length + 1).split(';')[0]!;
}

/** The error a refused call answered with. */
export async function errorOf(res: Response): Promise<{ code: string; message: string; field?: string }> {
  return ((await res.json()) as { error: { code: string; message: string; field?: string } }).error;
}
