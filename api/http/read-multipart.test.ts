// Upload forms read as they stream in, through HTTP on SQLite and PostgreSQL: every limit answers the moment it is
// passed (before the body ends, whatever its Content-Length says), malformed forms get a Spanish 400, a few
// uploads are parsed at a time, and a refused form changes nothing.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { BOUNDARY, chunksOf, closing, fileHead, filePart, multipartType, streamingPost, textPart } from '#api/testing/streaming-post.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { shiftDate, buenosAiresDate } from '#shared/dates.ts';
import { uploadParsing } from './read-multipart.ts';

let t: TestDb;
let server: TestApp;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { config: { identityKey: Buffer.alloc(32, 7) } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const MB = 1024 * 1024;
const endless =
  (size = 64 * 1024) =>
  () =>
    Buffer.alloc(size, 7);
const headersFor = (cookie: string, extra: Record<string, string> = {}) => ({
  'Content-Type': multipartType,
  'Sec-Fetch-Site': 'same-origin',
  Cookie: `${advertiserSessions.cookie}=${cookie}`,
  ...extra,
});

async function advertiser() {
  const id = await insertAdvertiser(t.db, { verificationStatus: 'unverified' });
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}
async function owner() {
  const { id, cookie } = await advertiser();
  return { cookie, adId: await insertAd(t.db, id, { state: 'draft' }) };
}

const verify = (cookie: string, next: () => Buffer | null, extra?: Record<string, string>) =>
  streamingPost(`${server.url}/api/advertiser/verification`, headersFor(cookie, extra), next);
const unchanged = async (id: number) => {
  expect((await t.db('advertisers').where('id', id).first()).verification_status).toBe('unverified');
  expect(await t.db('verification_requests').where('advertiser_id', id)).toHaveLength(0);
};

const claim = [
  textPart('method', 'renaper'),
  textPart('fullName', 'Julia Verificada'),
  textPart('birthDate', shiftDate(buenosAiresDate(new Date()), -30, 0)),
  textPart('dni', '30123456'),
  textPart('tramite', '00123456789'),
  textPart('gender', 'F'),
];

describe('limits passed while the form streams in', () => {
  it('a file that grows past 5 MB (no Content-Length, no end) gets its own 400 before the form ends; nothing is kept', async () => {
    const { id, cookie } = await advertiser();
    const answer = await verify(cookie, chunksOf([...claim, fileHead('selfie'), await testJpeg()], endless()));
    expect(answer.bodySent).toBe(false);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'invalid_image',
      field: 'selfie',
      message: 'La selfie con tu DNI: la imagen pesa más de 5 MB.',
    });
    await unchanged(id);
  });

  it('a body that declares no length and grows past the form limit in a text field gets a 413 and is not read to its end', async () => {
    const { adId, cookie } = await owner();
    const answer = await streamingPost(
      `${server.url}/api/advertiser/ads/${adId}/photos`,
      headersFor(cookie),
      chunksOf([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="nota"\r\n\r\n`)], endless()),
    );
    expect(answer.bodySent).toBe(false);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe('payload_too_large');
    expect(answer.body.error?.message).toMatch(/^El contenido supera el tamaño máximo/);
    expect(await t.db('ad_images').where('ad_id', adId)).toHaveLength(0);
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const { id, cookie } = await advertiser();
    const answer = await verify(cookie, chunksOf([claim[0]!], endless()), { 'Content-Length': String(40 * MB) });
    expect([answer.status, answer.bodySent, answer.body.error?.code]).toEqual([413, false, 'payload_too_large']);
    await unchanged(id);
  });

  it('a form with as many files and fields as it may carry passes', async () => {
    const { id, cookie } = await advertiser();
    const jpeg = await testJpeg();
    const extra = Array.from({ length: 4 }, (_, i) => textPart(`dato${i}`, 'x'));
    const files = ['selfie', 'dniFront', 'dniBack'].map((name) => filePart(name, jpeg));
    expect((await verify(cookie, chunksOf([...claim, ...extra, ...files, closing]))).status).toBe(201);
    expect((await t.db('advertisers').where('id', id).first()).verification_status).toBe('pending');
  });

  it('more files than the form takes: 413 at the extra file, nothing kept', async () => {
    const { id, cookie } = await advertiser();
    const jpeg = await testJpeg();
    const files = ['selfie', 'dniFront', 'dniBack', 'otra'].map((name) => filePart(name, jpeg));
    const answer = await verify(cookie, chunksOf([...claim, ...files, closing]));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatchObject({
      code: 'too_many_parts',
      message: 'El formulario trae más archivos o datos de los que acepta.',
    });
    await unchanged(id);
  });

  it('more fields than the form takes: 413, nothing kept', async () => {
    const { id, cookie } = await advertiser();
    const extra = Array.from({ length: 40 }, (_, i) => textPart(`dato${i}`, 'x'));
    const answer = await verify(cookie, chunksOf([...claim, ...extra, filePart('selfie', await testJpeg()), closing]));
    expect([answer.status, answer.body.error?.code]).toEqual([413, 'too_many_parts']);
    await unchanged(id);
  });

  it('a text field longer than a field may be: 413 naming the field, nothing kept', async () => {
    const { id, cookie } = await advertiser();
    const long = textPart('fullName', 'J'.repeat(200_000));
    const answer = await verify(cookie, chunksOf([claim[0]!, long, ...claim.slice(2), filePart('selfie', await testJpeg()), closing]));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatchObject({
      code: 'field_too_large',
      field: 'fullName',
      message: 'Un dato del formulario es más largo de lo permitido.',
    });
    await unchanged(id);
  });

  it('a part whose headers pass 16 KB is a malformed form: 400, nothing kept', async () => {
    const { id, cookie } = await advertiser();
    const answer = await verify(cookie, chunksOf([...claim, filePart('selfie', await testJpeg(), `${'a'.repeat(20_000)}.jpg`), closing]));
    expect([answer.status, answer.body.error?.code]).toEqual([400, 'invalid_form']);
    await unchanged(id);
  });
});

describe('malformed forms', () => {
  const invalid = { code: 'invalid_form', message: 'El formulario llegó incompleto o mal formado.' };
  it.each([
    ['no boundary in the Content-Type', { 'Content-Type': 'multipart/form-data' }, [textPart('method', 'renaper'), closing]],
    ['bytes that are not a form', {}, [Buffer.from('esto no es un formulario'.repeat(100))]],
    ['a form cut short (no closing boundary)', {}, [...claim, fileHead('selfie'), Buffer.alloc(1000, 1)]],
  ])('%s: a Spanish 400 and nothing changes', async (_name, extra, chunks) => {
    const { id, cookie } = await advertiser();
    const answer = await verify(cookie, chunksOf(chunks), extra);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(invalid);
    await unchanged(id);
  });
});

describe('uploads parsed at a time', () => {
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done()).toBe(true);
  };

  it(`past four uploads being read, the next gets a 503 with Retry-After before its body is read; places come back`, async () => {
    const { adId, cookie } = await owner();
    const url = `${server.url}/api/advertiser/ads/${adId}/photos`;
    const jpeg = await testJpeg();
    // Four uploads that start and then wait, their bodies unfinished.
    const held = Array.from({ length: uploadParsing.concurrency }, () => {
      const req = http.request(url, { method: 'POST', headers: headersFor(cookie) });
      req.on('error', () => {});
      req.write(Buffer.concat([fileHead('photo'), jpeg.subarray(0, 100)]));
      return req;
    });
    try {
      await until(() => uploadParsing.size.active === uploadParsing.concurrency);
      const answer = await streamingPost(
        url,
        headersFor(cookie, { 'Content-Length': String(2 * MB) }),
        chunksOf([fileHead('photo')], endless(16 * 1024)),
      );
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.bodySent).toBe(false);
      expect(answer.body.error).toMatchObject({
        code: 'uploads_busy',
        message: 'Estamos recibiendo muchos archivos en este momento. Probá de nuevo en unos segundos.',
      });
    } finally {
      for (const req of held) req.destroy();
    }
    await until(() => uploadParsing.size.active === 0);
    const after = await streamingPost(url, headersFor(cookie), chunksOf([filePart('photo', jpeg), closing]));
    expect(after.status).toBe(201);
    expect(await t.db('ad_images').where('ad_id', adId)).toHaveLength(1);
  });
});
