// The error middleware on SQLite and PostgreSQL: what the database itself refuses (a duplicate, a missing
// reference or value, a text or number it cannot store) is a 4xx with a Spanish message and one log line without
// the query or its values; anything else is a 500, logged once with its stack and without the query string.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Koa from 'koa';
import Router from '@koa/router';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { serve, type TestServer } from '#api/testing/http.ts';
import { errorHandler } from './errors.ts';

let t: TestDb;
let server: TestServer;
const SECRET = 'dato-secreto-del-visitante';

beforeAll(async () => {
  t = await createTestDb();
  await insertAdvertiser(t.db, { email: `${SECRET}@example.com` });
  const now = new Date();
  const advertiser = (email: string) => ({ email, full_name: SECRET, verification_status: 'unverified', created_at: now, updated_at: now });
  const router = new Router();
  const statements: Record<string, () => Promise<unknown>> = {
    duplicate: () => t.db('advertisers').insert(advertiser(`${SECRET}@example.com`)),
    'missing-reference': () => t.db('ad_images').insert({ ad_id: 999_999, position: 0, file_key: SECRET, width: 1, height: 1 }),
    'missing-value': () =>
      t.db('contact_messages').insert({ email: null, topic: 'consulta', message: SECRET, status: 'open', created_at: now }),
    'nul-in-text': () =>
      t
        .db('contact_messages')
        .insert({ email: 'a@example.com', topic: 'consulta', message: `${SECRET}\u0000`, status: 'open', created_at: now }),
    'too-long': () => t.db('advertisers').insert(advertiser(`${'x'.repeat(300)}@${SECRET}.com`)),
    'not-a-number': () => t.db('advertisers').where('id', SECRET).first(),
    'out-of-range': () => t.db('advertisers').where('id', 99_999_999_999).first(),
    'no-such-table': () => t.db(`missing_${'table'}`).where('name', SECRET).first(),
    bug: () => Promise.reject(new TypeError(`Cannot read properties of undefined (reading 'id')`)),
  };
  for (const [name, run] of Object.entries(statements)) {
    router.post(`/${name}`, async (ctx) => {
      await run();
      ctx.status = 204;
    });
  }
  const app = new Koa();
  app.use(errorHandler());
  app.use(router.routes());
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function call(name: string) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const res = await fetch(`${server.url}/${name}?q=${SECRET}`, { method: 'POST', body: SECRET });
  const logged = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(' '));
  vi.restoreAllMocks();
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as { error: { code: string; message: string } } | null,
    warn,
    error,
    logged,
  };
}

const postgres = process.env.VELADA_TEST_DIALECT === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe('what the database refuses', () => {
  it.each([
    [
      'duplicate',
      409,
      'already_exists',
      'Eso ya existe. Recargá la página y revisá los datos.',
      /database (23505|SQLITE_CONSTRAINT_UNIQUE)/,
    ],
    [
      'missing-reference',
      409,
      'conflict',
      'Lo que indicaste no existe o está en uso. Recargá la página e intentá de nuevo.',
      /database (23503|SQLITE_CONSTRAINT_FOREIGNKEY)/,
    ],
    ['missing-value', 400, 'missing_value', 'Falta un dato obligatorio.', /database (23502|SQLITE_CONSTRAINT_NOTNULL)/],
  ])('%s: %i %s, one line naming the method, path and code', async (name, status, code, message, logLine) => {
    const res = await call(name);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message } });
    expect(res.error).not.toHaveBeenCalled();
    expect(res.logged).toHaveLength(1);
    expect(res.logged[0]).toMatch(new RegExp(`^Refused POST /${name}: ${logLine.source} \\(${status} ${code}\\)$`));
    expect(res.logged[0]).not.toContain(SECRET);
  });

  it.runIf(postgres)('PostgreSQL: NUL in text, a value too long, a malformed or out-of-range number are 400s', async () => {
    for (const [name, code, dbCode] of [
      ['nul-in-text', 'invalid_text', '22021'],
      ['too-long', 'value_too_long', '22001'],
      ['not-a-number', 'invalid_value', '22P02'],
      ['out-of-range', 'out_of_range', '22003'],
    ] as const) {
      const res = await call(name);
      expect({ name, status: res.status, code: res.body?.error.code }).toEqual({ name, status: 400, code });
      expect(res.logged).toEqual([`Refused POST /${name}: database ${dbCode} (400 ${code})`]);
    }
  });
});

describe('everything else', () => {
  it('a database error of ours is a 500, logged once with its code and stack, without the query or its values', async () => {
    const res = await call('no-such-table');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'Ocurrió un error inesperado. Intentá de nuevo más tarde.' } });
    expect(res.warn).not.toHaveBeenCalled();
    expect(res.error).toHaveBeenCalledTimes(1);
    const [line, ...frames] = res.logged[0]!.split('\n');
    expect(line).toMatch(/^Error handling POST \/no-such-table: \w+ \(database (42P01|SQLITE_ERROR)/);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => /^\s+at /.test(f))).toBe(true);
    expect(res.logged[0]).not.toContain(SECRET);
    expect(res.logged[0]).not.toContain('select');
  });

  it('a bug is a 500, logged once with its message and stack, without the query string or the body', async () => {
    const res = await call('bug');
    expect(res.status).toBe(500);
    expect(res.error).toHaveBeenCalledTimes(1);
    expect(res.logged[0]).toMatch(/^Error handling POST \/bug: TypeError: Cannot read properties of undefined \(reading 'id'\)\n\s+at /);
    expect(res.logged[0]).not.toContain(SECRET);
  });
});
