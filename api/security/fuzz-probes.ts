// The hostile inputs of the fuzz test (api/security/fuzz.test.ts): for a route, its case in the catalogue and an
// identity, the probes to send (broken JSON, wrong types, huge strings, deep nesting, control characters,
// prototype keys, wrong content types, oversized bodies, junk ids), each with the headers that identity sends.
import { fillPath, type ApiRoute } from './route-catalogue.ts';
import type { RouteCase } from './route-cases.ts';
import type { RawRequest } from './testing.ts';
import type { World } from './world.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

export type Identity = 'anonymous' | 'advertiser' | 'admin';

export interface Probe {
  name: string;
  request: RawRequest;
  /** Bodies over every limit: the server may close the connection before the client has sent them. */
  oversized?: boolean;
  /** A request that may well succeed: what the refusals before it changed is counted first. */
  mayChange?: boolean;
}

export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const MB = 1024 * 1024;
export const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
export const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Text with `bad` in its middle: the rest of a valid value stays, so only `bad` can be the reason to refuse it. */
export const inside = (bad: string) => (original: unknown) => {
  const text = typeof original === 'string' && original.length > 1 ? original : 'texto de prueba';
  return `${text.slice(0, text.length / 2)}${bad}${text.slice(text.length / 2)}`;
};

/** What replaces one field at a time (a value, or one made from the field's valid value); every field gets the first four, and two more in turn. */
export const ALWAYS: [string, unknown][] = [
  ['5,000 characters', 'x'.repeat(5000)],
  ['NUL', inside('\u0000')],
  ['a number', 12345],
  ['null', null],
];
export const IN_TURN: [string, unknown][] = [
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
export const JUNK_IDS = ['abc', '-1', '1e3', '99999999999', '%00', '%E0%A4%A'];

export function headersFor(identity: Identity, world: World, contentType: string | null = 'application/json'): Record<string, string> {
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
export const withKey = (example: Record<string, unknown>, key: string, value: unknown) => {
  const rest = JSON.stringify(example).slice(1);
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}${rest === '}' ? '}' : `,${rest}`}`;
};

export async function multipart(fields: Record<string, string | Blob>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

/** A probe of the route under test: a name, a body, its content type (null for none) and the path (the route's by default). */
type MakeProbe = (name: string, body: string | Buffer, contentType?: string | null, at?: string) => Probe;

/** Bodies that are not the JSON object a route reads: other JSON values, deep nesting, other encodings and types. */
function jsonShapeProbes(json: MakeProbe, example: Record<string, unknown>, fresh: () => Record<string, unknown>): Probe[] {
  return [
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
  ];
}

/** Each field of the example replaced in turn: ALWAYS, and two of IN_TURN. */
function fieldProbes(json: MakeProbe, route: ApiRoute, fields: string[], fresh: () => Record<string, unknown>): Probe[] {
  const probes: Probe[] = [];
  // Which two of IN_TURN a field gets turns with the field and the route, so that routes of one field vary too.
  const offset = [...route.key].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  fields.forEach((field, index) => {
    const turn = (k: number) => IN_TURN[(offset + 2 * index + k) % IN_TURN.length]!;
    const values = [...ALWAYS, turn(0), turn(1)];
    for (const [name, value] of values) {
      const body = fresh();
      const replaced = typeof value === 'function' ? (value as (original: unknown) => unknown)(body[field]) : value;
      probes.push({ ...json(`${field} = ${name}`, JSON.stringify({ ...body, [field]: replaced })), oversized: name === '1 MB' });
    }
  });
  return probes;
}

/** Multipart forms: NUL in a text field, files that are not images, garbage, a form cut short. */
async function multipartProbes(json: MakeProbe, jpeg: Buffer): Promise<Probe[]> {
  const file = (bytes: Buffer | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });
  const withText = await multipart({
    method: 'manual',
    fullName: 'Ana\u0000María',
    birthDate: '1990-01-01',
    photo: file(jpeg, 'image/jpeg'),
  });
  const notAnImage = await multipart({
    photo: file('esto no es una imagen', 'image/jpeg'),
    receipt: file('%PDF-no', 'application/pdf'),
    selfie: file('x', 'image/png'),
  });
  const garbage = 'multipart/form-data; boundary=----límite';
  return [
    json('a multipart form with NUL in a text field', withText.body, withText.type),
    json('a multipart form whose files are not images', notAnImage.body, notAnImage.type),
    json('multipart garbage', '------límite\r\nContent-Disposition: form-data; name="photo"\r\n\r\n\u0000', garbage),
    json('a multipart form cut short', withText.body.subarray(0, withText.body.length / 2), withText.type),
  ];
}

/** Each path parameter replaced by junk ids. */
function paramProbes(json: MakeProbe, route: ApiRoute, real: Record<string, number>, example: Record<string, unknown>): Probe[] {
  return Object.keys(real).flatMap((name) =>
    JUNK_IDS.map((junk) =>
      json(`:${name} = ${junk}`, JSON.stringify(example), 'application/json', fillPath(route.path, { ...real, [name]: junk })),
    ),
  );
}

export async function probesFor(
  route: ApiRoute,
  rule: RouteCase,
  world: World,
  identity: Identity,
  full: boolean,
  jpeg: Buffer,
): Promise<Probe[]> {
  const path = rule.params ? fillPath(route.path, rule.params(world)) : route.path;
  const example = rule.example?.(world) ?? {};
  // A new example per probe where the catalogue makes each one unique (a new email, so that no probe stops at 'taken').
  const fresh = () => rule.example?.(world) ?? {};
  const json: MakeProbe = (name, body, contentType = 'application/json', at = path) => ({
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
  if (rule.body === 'json') probes.push(...jsonShapeProbes(json, example, fresh));
  probes.push(...fieldProbes(json, route, Object.keys(example), fresh));
  if (rule.body === 'multipart') probes.push(...(await multipartProbes(json, jpeg)));
  if (rule.params) probes.push(...paramProbes(json, route, rule.params(world), example));
  // Last, so that the rows it may use up (a verification decided, a name taken) are there for the rest.
  probes.push({ ...json('the example', JSON.stringify(example)), mayChange: true });
  return probes;
}

export const homeOf = (rule: RouteCase): Identity =>
  rule.access === 'advertiser' ? 'advertiser' : rule.access === 'admin' ? 'admin' : 'anonymous';
