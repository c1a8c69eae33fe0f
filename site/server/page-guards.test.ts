import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { requireAdvertiser, requireStaff, signedInAdvertiser } from './page-guards.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

/** The part of Astro's global the guards use, for a request to `address` with `cookies`. */
function page(address: string, cookies: Record<string, string> = {}) {
  const response = { headers: new Headers() };
  return {
    url: new URL(address, 'http://localhost'),
    cookies: { get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined) },
    locals: { db: t.db },
    response,
    redirect: (to: string, status: number) => new Response(null, { status, headers: { Location: to } }),
  } as unknown as Parameters<typeof requireAdvertiser>[0] & { response: typeof response };
}

describe('page guards', () => {
  it('send a visitor without a session to the sign-in, which comes back to the same address', async () => {
    const answer = await requireAdvertiser(page('/mi-cuenta/pagos/abc?estado=ok'));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/ingresar?volver=%2Fmi-cuenta%2Fpagos%2Fabc%3Festado%3Dok');
  });

  it('let a signed-in advertiser through, and mark the page personal', async () => {
    const id = await insertAdvertiser(t.db, { email: 'guard@example.com' });
    const token = await advertiserSessions.create(t.db, id);
    const visit = page('/mi-cuenta', { [advertiserSessions.cookie]: token });
    const advertiser = await requireAdvertiser(visit);
    expect(advertiser).toMatchObject({ id, email: 'guard@example.com' });
    expect(visit.response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('refuse an unknown or staff token on the advertiser side, and an advertiser token on the panel', async () => {
    const id = await insertAdvertiser(t.db, { email: 'guard-two@example.com' });
    const token = await advertiserSessions.create(t.db, id);
    expect(await signedInAdvertiser(page('/', { [advertiserSessions.cookie]: 'x'.repeat(43) }))).toBeNull();
    const panel = await requireStaff(page('/admin/dashboard', { [staffSessions.cookie]: token }));
    expect((panel as Response).headers.get('Location')).toBe('/admin/login');
  });
});
