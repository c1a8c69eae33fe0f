// Who may call what, on SQLite and PostgreSQL: every route of the app's routers against five callers (anonymous,
// staff without any permission, the super admin, another advertiser, the owner of the rows). Advertiser routes:
// 401 without an advertiser session (a staff cookie is not one), 404 for another advertiser's rows, never the
// owner's title or email in someone else's answer, and the owner gets through. Admin routes: 401 without a staff
// session, 403 without the permission, the super admin gets through. The access rule of each route comes from
// api/security/route-catalogue.ts: a route added without one fails here.
// The account pages (/mi-cuenta, Astro SSR) need a build to be served; here, the check each of them starts with
// and the queries they read through.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, type AdminRoute } from '#shared/admin-routes.ts';
import { findOwnAd } from '#core/own-ads/own-ads.ts';
import { findOwnPaymentByReference } from '#core/payments/own-payments.ts';
import { findOwnPhotoVerification } from '#core/verification/photo-verification.ts';
import { ROUTE_CASES, fillPath, type ApiRoute } from './route-catalogue.ts';
import type { RouteCase } from './route-cases.ts';
import { rawRequest, type RawResponse } from './testing.ts';
import { securityTestApp } from './test-app.ts';
import { seedWorld, type World } from './world.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';
import { subscribeAlert } from '#db/queries/push-subscriptions.ts';

// Made while the file loads: the tests below are one per route.
const s = await securityTestApp();
afterAll(() => s.close());

const CALLERS = ['anonymous', 'staff without permissions', 'super admin', 'another advertiser', 'owner'] as const;
type Caller = (typeof CALLERS)[number];

/**
 * What a caller must get: a status; the way in (not 401, 403 or 404: the rows are theirs to reach); past the
 * session and permission checks (not 401 or 403: a row may still be out of their sight, a 404); or an answer of
 * their own, whatever it is, without the owner's data.
 */
type Expectation = 401 | 403 | 404 | 'gets through' | 'admitted' | 'own data only';

/** Advertiser routes that name the owner's rows in the body rather than the path. */
const NAMES_ROWS_IN_BODY = new Set(['POST /api/advertiser/payments']);
/** Staff routes of the sign-in router (api/routes/staff/auth-routes.ts): any signed-in staff. */

function expectations(route: ApiRoute, rule: RouteCase): Record<Caller, Expectation> {
  switch (rule.access) {
    case 'advertiser':
      return {
        anonymous: 401,
        'staff without permissions': 401,
        'super admin': 401,
        'another advertiser': rule.params || NAMES_ROWS_IN_BODY.has(route.key) ? 404 : 'own data only',
        owner: 'gets through',
      };
    case 'admin': {
      const anyStaff = ADMIN_ROUTES[route.key as AdminRoute] === 'any_admin';
      return {
        anonymous: 401,
        'staff without permissions': anyStaff ? 'admitted' : 403,
        'super admin': 'gets through',
        'another advertiser': 401,
        owner: 401,
      };
    }
    case 'signature':
      // No session of any kind stands in for MercadoPago's signature.
      return { anonymous: 401, 'staff without permissions': 401, 'super admin': 401, 'another advertiser': 401, owner: 401 };
    case 'public':
      // Signing in with a wrong password is a 401 for anyone: nothing to expect but an answer of one's own.
      return {
        anonymous: 'own data only',
        'staff without permissions': 'own data only',
        'super admin': 'own data only',
        'another advertiser': 'own data only',
        owner: 'own data only',
      };
  }
}

function cookieOf(caller: Caller, w: World): string | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'staff without permissions':
      return `${staffSessions.cookie}=${w.staffWithout.cookie}`;
    case 'super admin':
      return `${staffSessions.cookie}=${w.superAdmin.cookie}`;
    case 'another advertiser':
      return `${advertiserSessions.cookie}=${w.stranger.cookie}`;
    case 'owner':
      return `${advertiserSessions.cookie}=${w.owner.cookie}`;
  }
}

async function multipartFor(route: ApiRoute): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  const jpeg = new Blob([new Uint8Array(s.jpeg)], { type: 'image/jpeg' });
  if (route.path.endsWith('/photos')) form.append('photo', new Blob([new Uint8Array(s.png)], { type: 'image/png' }), 'foto.png');
  else if (route.path.endsWith('/receipt')) form.append('receipt', jpeg, 'comprobante.jpg');
  else {
    for (const [name, value] of Object.entries({ method: 'manual', fullName: 'Dueña de Prueba', birthDate: '1990-04-02' }))
      form.append(name, value);
    for (const name of ['dniFront', 'dniBack', 'selfie']) form.append(name, jpeg, `${name}.jpg`);
  }
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

async function call(route: ApiRoute, rule: RouteCase, w: World, caller: Caller): Promise<RawResponse> {
  const cookie = cookieOf(caller, w);
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) };
  let body: string | Buffer | undefined;
  if (rule.body === 'json') {
    body = JSON.stringify(rule.example?.(w) ?? {});
    headers['Content-Type'] = 'application/json';
  } else if (rule.body === 'multipart') {
    const form = await multipartFor(route);
    body = form.body;
    headers['Content-Type'] = form.type;
  }
  return rawRequest(s.server.url, {
    method: route.method,
    path: rule.params ? fillPath(route.path, rule.params(w)) : route.path,
    headers,
    body,
  });
}

function meets(expectation: Expectation, res: RawResponse): string | null {
  if (res.status >= 500 || res.status === 0) return `answered ${res.status}`;
  if (typeof expectation === 'number') return res.status === expectation ? null : `expected ${expectation}, got ${res.status}`;
  const refusals = expectation === 'gets through' ? [401, 403, 404] : expectation === 'admitted' ? [401, 403] : [];
  return refusals.includes(res.status) ? `was refused: ${res.status} ${res.text.slice(0, 160)}` : null;
}

/** Whether an answer carries the owner's data: an ad title or the email. */
const leaks = (res: RawResponse, w: World) => res.text.includes(w.ownerTitle) || res.text.includes(w.owner.email);

describe('the authorization matrix', () => {
  it('has an access rule for every route of the routers, and only for those', () => {
    expect(s.routes.length).toBeGreaterThanOrEqual(70);
    expect(
      s.routes.filter((r) => !ROUTE_CASES[r.key]).map((r) => r.key),
      'routes without a case in api/security/route-catalogue.ts',
    ).toEqual([]);
    expect(Object.keys(ROUTE_CASES).filter((key) => !s.routes.some((r) => r.key === key))).toEqual([]);
  });

  it('puts every route under /api/advertiser and /api/admin behind a session, apart from signing up, in and out', () => {
    const open = s.routes
      .filter((r) => /^\/api\/(advertiser|admin)\//.test(r.path) && ROUTE_CASES[r.key]?.access === 'public')
      .map((r) => r.key);
    expect(open.sort()).toEqual(
      [
        'POST /api/admin/login',
        'POST /api/admin/login/code',
        'POST /api/admin/login/passkey',
        'POST /api/admin/login/passkey/options',
        'POST /api/admin/login/setup/passkey',
        'POST /api/admin/login/setup/passkey/options',
        'POST /api/admin/login/setup/totp',
        'POST /api/admin/login/setup/totp/confirm',
        'POST /api/admin/logout',
        'POST /api/advertiser/confirm-email',
        'POST /api/advertiser/forgot-password',
        'POST /api/advertiser/login',
        'POST /api/advertiser/login/code',
        'POST /api/advertiser/login/passkey',
        'POST /api/advertiser/login/passkey/options',
        'POST /api/advertiser/logout',
        'POST /api/advertiser/passkey/options',
        'POST /api/advertiser/passkey/sign-in',
        'POST /api/advertiser/register',
        'POST /api/advertiser/resend-confirmation',
        'POST /api/advertiser/reset-password',
      ].sort(),
    );
    // Every staff route of the panel's router declares its permission.
    for (const route of s.routes.filter((r) => ROUTE_CASES[r.key]?.access === 'admin')) {
      expect(ADMIN_ROUTES[route.key as AdminRoute], route.key).toBeDefined();
    }
  });

  it('declares every route with route(): the access this matrix expects, a budget or a reason for none', () => {
    const undeclared = s.routes.filter((r) => !r.declared).map((r) => r.key);
    expect(undeclared, 'routes not declared with route() (api/http/route.ts)').toEqual([]);
    const otherAccess = s.routes.filter((r) => r.declared?.access !== ROUTE_CASES[r.key]?.access);
    expect(otherAccess.map((r) => `${r.key}: declared ${r.declared?.access}`)).toEqual([]);
    for (const route of s.routes.filter((r) => r.declared?.access === 'admin')) {
      expect(route.declared!.permission, route.key).toBe(ADMIN_ROUTES[route.key as AdminRoute]);
    }
    // The routes that must answer whatever the load: safety tools and what mail providers call.
    const unlimited = s.routes.filter((r) => typeof r.declared?.budget !== 'string').map((r) => r.key);
    expect(unlimited.sort()).toEqual(
      [
        'DELETE /api/advertiser/check-in',
        'POST /api/advertiser/check-in/done',
        'POST /api/advertiser/check-in/extend',
        'POST /api/browser-data/clear',
        'GET /api/mail-preferences/unsubscribe',
        'POST /api/mail-preferences/unsubscribe',
      ].sort(),
    );
  });

  it.each(s.routes.map((r) => [r.key, r] as const))('%s', async (_key, route) => {
    const rule = ROUTE_CASES[route.key];
    expect(rule, `no case for ${route.key} in api/security/route-catalogue.ts`).toBeDefined();
    const w = await seedWorld(s.t.db, s.store, s.assets);
    const expected = expectations(route, rule!);
    const problems: string[] = [];
    // The owner last: what they do may use the rows up (a deleted ad, a deleted account).
    for (const caller of CALLERS) {
      const res = await call(route, rule!, w, caller);
      const problem = meets(expected[caller], res);
      if (problem) problems.push(`${caller}: ${problem}`);
      const mayRead = caller === 'owner' || (caller === 'super admin' && rule!.access === 'admin');
      if (!mayRead && leaks(res, w))
        problems.push(`${caller}: the answer carries the owner's data (${res.status} ${res.text.slice(0, 160)})`);
    }
    expect(problems).toEqual([]);
  });
});

/** Routes of the search alerts that read a body: each takes a device proof (its endpoint and the subscription's secret). */
const takesDeviceProof = (route: ApiRoute) => route.path.startsWith('/api/search-alerts') && ROUTE_CASES[route.key]?.body === 'json';

describe("search alerts: the device's secret, not its endpoint, is the access rule", () => {
  const routes = s.routes.filter(takesDeviceProof);

  it('finds the routes that take a device proof', () => {
    expect(routes.map((r) => r.key).sort()).toEqual(
      ['DELETE /api/search-alerts', 'DELETE /api/search-alerts/:id', 'POST /api/search-alerts', 'POST /api/search-alerts/lookup'].sort(),
    );
  });

  it.each(routes.map((r) => [r.key, r] as const))('%s with a known endpoint and another secret', async (_key, route) => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/matrix-${crypto.randomBytes(8).toString('hex')}`;
    const keys = { p256dh: `B${'c'.repeat(86)}`, auth: crypto.randomBytes(16).toString('base64url') };
    const saved = await subscribeAlert(s.t.db, { endpoint, ...keys }, 'q=marcador-del-dueno', 'es');
    if ('tooMany' in saved) throw new Error('unexpected');
    const other = crypto.randomBytes(16).toString('base64url');
    const body =
      route.key === 'POST /api/search-alerts'
        ? { subscription: { endpoint, keys: { ...keys, auth: other } }, filter: 'zona=palermo' }
        : { endpoint, auth: other };
    const res = await rawRequest(s.server.url, {
      method: route.method,
      path: fillPath(route.path, { id: saved.alert.id }),
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('marcador-del-dueno');
    // The owner's alert is still there, with the owner's keys.
    expect(await s.t.db('push_subscriptions').where('id', saved.alert.id).first()).toMatchObject({ endpoint, ...keys });
  });
});

describe('the panel pages (/admin)', () => {
  const pagesDir = path.join(import.meta.dirname, '../../site/pages/admin');
  const pages = (fs.readdirSync(pagesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.astro') && f !== 'login.astro');

  it.each(pages)('%s passes the staff guard before anything else, and returns its redirect without a session', (file) => {
    const frontmatter = fs.readFileSync(path.join(pagesDir, file), 'utf8').split(/^---$/m)[1] ?? '';
    const statements = frontmatter
      .split('\n')
      .filter((line) => line.trim() && !line.trim().startsWith('//') && !/^(import|export) /.test(line));
    expect(statements.slice(0, 2)).toEqual(['const admin = await requireStaff(Astro);', 'if (admin instanceof Response) return admin;']);
  });

  it('finds pages to check', () => {
    expect(pages.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the account pages (/mi-cuenta)', () => {
  const pagesDir = path.join(import.meta.dirname, '../../site/pages/mi-cuenta');
  const pages = (fs.readdirSync(pagesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.astro'));

  it.each(pages)('%s passes the advertiser guard before anything else, and returns its redirect without a session', (file) => {
    const source = fs.readFileSync(path.join(pagesDir, file), 'utf8');
    const frontmatter = source.split(/^---$/m)[1] ?? '';
    const statements = frontmatter
      .split('\n')
      .filter((line) => line.trim() && !line.trim().startsWith('//') && !/^(import|export) /.test(line));
    // site/server/page-guards.ts: the signed-in advertiser, or the redirect to the sign-in (tested there).
    expect(statements[0]).toBe('const advertiser = await requireAdvertiser(Astro);');
    expect(statements[1]).toBe('if (advertiser instanceof Response) return advertiser;');
    // A row named in the address is looked up among the advertiser's own (a core read given the advertiser's id).
    if (/Astro\.params/.test(frontmatter)) expect(frontmatter).toMatch(/\w+\(Astro\.locals\.db, advertiser\.id, [^)]*Astro\.params/);
  });

  it('finds pages to check', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5);
  });

  it('the session check opens them to a live advertiser session only', async () => {
    const w = await seedWorld(s.t.db, s.store, s.assets);
    const db = s.t.db;
    expect(await advertiserSessions.resume(db, undefined)).toBeNull();
    expect(await advertiserSessions.resume(db, 'x'.repeat(43))).toBeNull();
    expect(await advertiserSessions.resume(db, w.superAdmin.cookie), 'a staff session is not an advertiser session').toBeNull();
    expect(await advertiserSessions.resume(db, w.owner.cookie)).toMatchObject({ id: w.owner.id, email: w.owner.email });
    await advertiserSessions.end(db, w.owner.cookie);
    expect(await advertiserSessions.resume(db, w.owner.cookie), 'a session that ended').toBeNull();
  });

  it("their lookups by address find the advertiser's own rows only", async () => {
    const w = await seedWorld(s.t.db, s.store, s.assets);
    const db = s.t.db;
    expect(await findOwnAd(db, w.owner.id, w.draftAdId)).toMatchObject({ id: w.draftAdId });
    expect(await findOwnAd(db, w.stranger.id, w.draftAdId)).toBeFalsy();
    expect(await findOwnPaymentByReference(db, w.owner.id, w.paymentReference)).toMatchObject({ reference: w.paymentReference });
    expect(await findOwnPaymentByReference(db, w.stranger.id, w.paymentReference)).toBeNull();
    expect(await findOwnPhotoVerification(db, w.owner.id, w.publishedAdId)).toMatchObject({ ad: { id: w.publishedAdId } });
    expect(await findOwnPhotoVerification(db, w.stranger.id, w.publishedAdId)).toBeNull();
  });
});
