// Every route that changes something (POST, PUT, PATCH, DELETE), read from the app's routers, gets hostile input
// on SQLite and PostgreSQL: broken JSON, wrong types in each field, huge strings, deeply nested JSON, control
// characters, prototype keys, wrong content types, oversized bodies, junk ids. Anonymous, as the owner advertiser
// and as a super admin. No answer may be a 5xx, a refusal must say why in the usual shape, and a refused request
// must leave the database as it was. The sample is fixed (no randomness): a failure can be replayed.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ROUTE_CASES, fillPath, type ApiRoute, type RouteCase } from './route-catalogue.ts';
import { databaseFingerprint, rawRequest, type IgnoredColumns, type RawRequest } from './testing.ts';
import { securityTestApp } from './test-app.ts';
import { seedWorld, type World } from './world.ts';
import { staffSessions, advertiserSessions } from '#api/auth/sessions.ts';

// Made while the file loads: the tests below are one per route.
const s = await securityTestApp();
const { t, queue, routes, server } = s;
const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));

afterAll(() => s.close());

type Identity = 'anonymous' | 'advertiser' | 'admin';

interface Probe {
  name: string;
  request: RawRequest;
  /** Bodies over every limit: the server may close the connection before the client has sent them. */
  oversized?: boolean;
  /** A request that may well succeed: what the refusals before it changed is counted first. */
  mayChange?: boolean;
}

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const MB = 1024 * 1024;
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Text with `bad` in its middle: the rest of a valid value stays, so only `bad` can be the reason to refuse it. */
const inside = (bad: string) => (original: unknown) => {
  const text = typeof original === 'string' && original.length > 1 ? original : 'texto de prueba';
  return `${text.slice(0, text.length / 2)}${bad}${text.slice(text.length / 2)}`;
};

/** What replaces one field at a time (a value, or one made from the field's valid value); every field gets the first four, and two more in turn. */
const ALWAYS: [string, unknown][] = [
  ['5,000 characters', 'x'.repeat(5000)],
  ['NUL', inside('\u0000')],
  ['a number', 12345],
  ['null', null],
];
const IN_TURN: [string, unknown][] = [
  ['300 accented characters', 'é'.repeat(300)],
  ['an escape sequence', inside('\u001b[31m')],
  ['a lone surrogate', inside('\ud800')],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['true', true],
  ['an array', ['x']],
  ['an empty array', []],
  ['an object', {}],
  ['a query operator', { $gt: '' }],
  ['an empty string', ''],
  ['spaces', '   '],
  ['markup', '<script>alert(1)</script>'],
  ['SQL', "' or 1=1 --"],
  ['1,000 nested arrays', JSON.parse(nestedArrays(1000))],
  ['1 MB', 'x'.repeat(MB)],
];
const JUNK_IDS = ['abc', '-1', '1e3', '99999999999', '%00', '%E0%A4%A'];

function headersFor(identity: Identity, world: World, contentType: string | null = 'application/json'): Record<string, string> {
  const cookie =
    identity === 'advertiser'
      ? `${advertiserSessions.cookie}=${world.owner.cookie}`
      : identity === 'admin'
        ? `${staffSessions.cookie}=${world.superAdmin.cookie}`
        : undefined;
  return {
    'Sec-Fetch-Site': 'same-origin',
    'User-Agent': CHROME,
    ...(contentType ? { 'Content-Type': contentType } : {}),
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

/** The example body as JSON text with one more key in front (JSON.stringify cannot write a "__proto__" key). */
const withKey = (example: Record<string, unknown>, key: string, value: unknown) => {
  const rest = JSON.stringify(example).slice(1);
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}${rest === '}' ? '}' : `,${rest}`}`;
};

async function multipart(fields: Record<string, string | Blob>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

async function probesFor(route: ApiRoute, rule: RouteCase, world: World, identity: Identity, full: boolean): Promise<Probe[]> {
  const path = rule.params ? fillPath(route.path, rule.params(world)) : route.path;
  const example = rule.example?.(world) ?? {};
  // A new example per probe where the catalogue makes each one unique (a new email, so that no probe stops at 'taken').
  const fresh = () => rule.example?.(world) ?? {};
  const json = (name: string, body: string | Buffer, contentType: string | null = 'application/json', at = path): Probe => ({
    name,
    request: { method: route.method, path: at, headers: headersFor(identity, world, contentType), body },
  });
  const firstText = Object.entries(example).find(([, v]) => typeof v === 'string')?.[0];

  if (!full) {
    return [
      json('broken JSON', '{"a":'),
      json('NUL in a field', JSON.stringify({ ...example, [firstText ?? 'text']: inside('\u0000')(firstText ? example[firstText] : '') })),
      { ...json('the example', JSON.stringify(example)), mayChange: true },
    ];
  }

  const oversized = JSON.stringify({ ...example, big: 'x'.repeat(MB) });
  // The same without Content-Length: node:http sends it chunked, so only the streaming limit can stop it.
  const chunked = json('1 MB, chunked', oversized);
  chunked.request.headers = { ...chunked.request.headers, 'Transfer-Encoding': 'chunked' };
  const probes: Probe[] = [
    json('broken JSON', '{"a":'),
    json('__proto__', withKey(fresh(), '__proto__', { isMaster: true, permissions: ['process_payments'], polluted: true })),
    json('text/plain', JSON.stringify(example), 'text/plain'),
    json('a form', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    { ...json('1 MB, declared', oversized), oversized: true },
    { ...chunked, oversized: true },
  ];
  // Routes that read no JSON body get the above (their content type is still checked); the rest get everything.
  if (rule.body === 'json') {
    probes.push(
      json('an empty body', ''),
      json('null', 'null'),
      json('an array', '[]'),
      json('a string', '"texto"'),
      json('a number too big for any integer', '123456789012345678901234567890'),
      json('10,000 nested arrays', nestedArrays(10_000)),
      json('10,000 nested objects', nestedObjects(10_000)),
      json('constructor', withKey(fresh(), 'constructor', { prototype: { polluted: true } })),
      json('a byte order mark', `\ufeff${JSON.stringify(example)}`),
      json('invalid UTF-8', Buffer.concat([Buffer.from('{"text":"a'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('b"}')])),
      json('no content type', JSON.stringify(example), null),
      json('a multipart body without boundary', 'nonsense', 'multipart/form-data'),
      json('XML', '<a>1</a>', 'application/xml'),
    );
  }

  // Which two of IN_TURN a field gets turns with the field and the route, so that routes of one field vary too.
  const offset = [...route.key].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  Object.keys(example).forEach((field, index) => {
    const turn = (k: number) => IN_TURN[(offset + 2 * index + k) % IN_TURN.length]!;
    const values = [...ALWAYS, turn(0), turn(1)];
    for (const [name, value] of values) {
      const body = fresh();
      const replaced = typeof value === 'function' ? (value as (original: unknown) => unknown)(body[field]) : value;
      probes.push({ ...json(`${field} = ${name}`, JSON.stringify({ ...body, [field]: replaced })), oversized: name === '1 MB' });
    }
  });

  if (rule.body === 'multipart') {
    const file = (bytes: Buffer | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });
    const withText = await multipart({
      method: 'manual',
      fullName: 'Ana\u0000María',
      birthDate: '1990-01-01',
      photo: file(s.jpeg, 'image/jpeg'),
    });
    const notAnImage = await multipart({
      photo: file('esto no es una imagen', 'image/jpeg'),
      receipt: file('%PDF-no', 'application/pdf'),
      selfie: file('x', 'image/png'),
    });
    const garbage = 'multipart/form-data; boundary=----límite';
    probes.push(
      json('a multipart form with NUL in a text field', withText.body, withText.type),
      json('a multipart form whose files are not images', notAnImage.body, notAnImage.type),
      json('multipart garbage', '------límite\r\nContent-Disposition: form-data; name="photo"\r\n\r\n\u0000', garbage),
      json('a multipart form cut short', withText.body.subarray(0, withText.body.length / 2), withText.type),
    );
  }

  if (rule.params) {
    const real = rule.params(world);
    for (const name of Object.keys(real)) {
      for (const junk of JUNK_IDS) {
        probes.push(
          json(`:${name} = ${junk}`, JSON.stringify(example), 'application/json', fillPath(route.path, { ...real, [name]: junk })),
        );
      }
    }
  }
  // Last, so that the rows it may use up (a verification decided, a name taken) are there for the rest.
  probes.push({ ...json('the example', JSON.stringify(example)), mayChange: true });
  return probes;
}

const homeOf = (rule: RouteCase): Identity =>
  rule.access === 'advertiser' ? 'advertiser' : rule.access === 'admin' ? 'admin' : 'anonymous';

/** The shape of every refusal: `{ error: { code, message } }` with a message for people. */
function isErrorAnswer(text: string): boolean {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0;
  } catch {
    return false;
  }
}

interface Finding {
  identity: Identity;
  probe: string;
  status: number;
  detail: string;
}

/**
 * Known gaps, to fix where they are and then remove from here: refusals that still change a column.
 * removePhoto and reorderPhotos (db/queries/ad-photos.ts) claim the ad (ads.updated_at) before they find the photo
 * missing (404) or the order invalid (400), and the transaction commits anyway.
 */
const KNOWN_TOUCHES: Record<string, IgnoredColumns> = {};

async function fingerprint(route: ApiRoute) {
  await queue.flush();
  return databaseFingerprint(t.db, KNOWN_TOUCHES[route.key]);
}

/** Which tables differ between two fingerprints. */
const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);

describe('fuzzing every route that changes something', () => {
  it('finds the routes from the routers, each with a case in the catalogue', () => {
    expect(writes.length).toBeGreaterThanOrEqual(50);
    const missing = routes.filter((r) => !ROUTE_CASES[r.key]).map((r) => r.key);
    expect(missing, 'routes without a case in api/security/route-catalogue.ts').toEqual([]);
    const stale = Object.keys(ROUTE_CASES).filter((key) => !routes.some((r) => r.key === key));
    expect(stale, 'cases of routes that no longer exist').toEqual([]);
  });

  it.each(writes.map((r) => [r.key, r] as const))('%s', async (_key, route) => {
    const rule = ROUTE_CASES[route.key];
    expect(rule, `no case for ${route.key} in api/security/route-catalogue.ts`).toBeDefined();
    const world = await seedWorld(t.db, t.dataDir, s.assets);
    const home = homeOf(rule!);
    const findings: Finding[] = [];
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    try {
      // Counted before the first request, before a request that may succeed and after each success: what refusals
      // changed shows at the next count. (Refusals followed by an unexpected success go unchecked.)
      let before = await fingerprint(route);
      let refusedSince: { identity: Identity; probe: string }[] = [];
      const checkRefusals = async () => {
        if (refusedSince.length === 0) return;
        const after = await fingerprint(route);
        for (const table of changedTables(before, after)) {
          findings.push({
            identity: refusedSince[0]!.identity,
            probe: refusedSince.map((r) => `${r.identity}: ${r.probe}`).join(', '),
            status: 400,
            detail: `refused, yet changed ${table}`,
          });
        }
        before = after;
        refusedSince = [];
      };
      for (const identity of ['anonymous', 'advertiser', 'admin'] as const) {
        for (const probe of await probesFor(route, rule!, world, identity, identity === home)) {
          if (probe.mayChange) await checkRefusals();
          const res = await rawRequest(server.url, probe.request);
          const finding = (detail: string) => findings.push({ identity, probe: probe.name, status: res.status, detail });
          if (res.status === 0 && !probe.oversized) finding(res.text);
          // Over the limit: refused unread (413, or the connection closed while it was still being sent), unless a
          // check that needs no body came first. A route that reads no body may ignore it; MercadoPago's notifications
          // read what fits and go by the query string.
          if (
            probe.oversized &&
            rule!.body === 'json' &&
            rule!.access !== 'signature' &&
            ![0, 413, 401, 403, 404, 409, 429].includes(res.status)
          )
            finding('read a body over the limit');
          if (res.status >= 500) finding(res.text.slice(0, 300));
          if (res.status >= 400) {
            if (!isErrorAnswer(res.text)) finding(`not a { error: { code, message } } answer: ${res.text.slice(0, 200)}`);
            refusedSince.push({ identity, probe: probe.name });
          } else if (res.status >= 200) {
            before = await fingerprint(route);
            refusedSince = [];
          }
        }
      }
      await checkRefusals();
      const logged = [...errors.mock.calls, ...warnings.mock.calls].map((args) => args.map(String).join(' ').split('\n')[0]);
      expect(findings).toEqual([]);
      expect(logged, 'errors logged, and refusals that only the database noticed').toEqual([]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
