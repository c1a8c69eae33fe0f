// npm run admin:create / admin:reset-password / admin:reset-second-step, run as a person would (a child process on a fresh data folder).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { knexConfig } from '#db/connection.ts';
import { verifyPassword } from '#api/services/passwords.ts';

const script = path.resolve(import.meta.dirname, '../../../scripts/admin.ts');

function run(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    input: '',
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.skipIf(process.env.VELADA_TEST_DIALECT === 'postgres')('scripts/admin.ts', () => {
  it('creates a partner with a generated password shown once, and resets it from ADMIN_NEW_PASSWORD', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-cli-'));
    const created = run(dataDir, ['create', '--username', 'Ana.P', '--full-name', 'Ana Pérez', '--permissions', 'view_payments']);
    expect(created.status).toBe(0);
    const password = /contraseña "([^"]+)"/.exec(created.out)?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);

    const db = knexFactory(knexConfig(`sqlite:${path.join(dataDir, 'velada.sqlite')}`, dataDir));
    const row = await db('admin_users').where('username', 'ana.p').first();
    expect(JSON.parse(row.permissions)).toEqual(['view_payments']);
    expect(await verifyPassword(password!, row.password_hash)).toBe(true);

    const reset = run(dataDir, ['reset-password', '--username', 'ana.p'], { ADMIN_NEW_PASSWORD: 'otra-clave-bien-larga' });
    expect(reset.status).toBe(0);
    expect(reset.out).not.toContain('otra-clave-bien-larga');
    const after = await db('admin_users').where('username', 'ana.p').first();
    expect(await verifyPassword('otra-clave-bien-larga', after.password_hash)).toBe(true);

    expect(run(dataDir, ['create', '--username', 'ana.p', '--full-name', 'Otra']).status).toBe(1);
    expect(run(dataDir, ['create', '--username', 'bob', '--full-name', 'Bob', '--permissions', 'volar']).out).toContain(
      'Permisos desconocidos: volar',
    );
    expect(run(dataDir, ['reset-password', '--username', 'nadie']).out).toContain('No existe el administrador "nadie".');

    // The second step reset from the console: factors gone, audited (decision 069).
    await db('totp_factors').insert({ owner_kind: 'staff', owner_id: after.id, secret_sealed: 'x', last_step: 1, created_at: new Date() });
    const cleared = run(dataDir, ['reset-second-step', '--username', 'ana.p']);
    expect([cleared.status, cleared.out]).toEqual([0, expect.stringContaining('Segundo paso de "ana.p" restablecido')]);
    expect(await db('totp_factors').where({ owner_kind: 'staff', owner_id: after.id })).toEqual([]);
    expect(await db('audit_log').where({ action: 'second_step_reset', target_id: String(after.id) })).toHaveLength(1);
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
