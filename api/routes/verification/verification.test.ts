// The identity step through HTTP on SQLite and PostgreSQL: both methods, what is refused and why, and what
// reaches the disk (encrypted, upright, without metadata).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { pngDeclaring, testJpeg, testPng } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { decryptDocument, readDocument, sealedObjectKey } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { shiftDate, buenosAiresDate } from '#shared/dates.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;
const config = { identityKey: Buffer.alloc(32, 7) };

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { config });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function newAdvertiser(
  status: 'unverified' | 'pending' | 'verified' | 'rejected' = 'unverified',
): Promise<{ id: number; cookie: string }> {
  const id = await insertAdvertiser(t.db, { verificationStatus: status });
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}

const adultBirthDate = shiftDate(buenosAiresDate(new Date()), -30, 0);

function form(fields: Record<string, string>, files: Record<string, { bytes: Buffer; name: string; type?: string }> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  for (const [k, f] of Object.entries(files)) data.set(k, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  return data;
}

async function submit(cookie: string | undefined, body: FormData) {
  const res = await fetch(`${server.url}/api/advertiser/verification`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; field?: string; message: string; detail?: string } } };
}

const renaperFields = {
  method: 'renaper',
  fullName: 'Julia Verificada',
  birthDate: adultBirthDate,
  dni: '30123456',
  tramite: '00123456789',
  gender: 'F',
};

describe('submitting a verification', () => {
  it('renaper: stores the claim and an encrypted, upright selfie without metadata; the advertiser becomes pending', async () => {
    const { id, cookie } = await newAdvertiser();
    const photo = await testJpeg(120, 80, { exif: true, orientation: 6 });
    // The DNI as written on the card, with dots: stored as its digits.
    const answer = await submit(cookie, form({ ...renaperFields, dni: '30.123.456' }, { selfie: { bytes: photo, name: 'selfie.jpg' } }));
    expect(answer.status).toBe(201);
    expect((await t.db('advertisers').where('id', id).first()).verification_status).toBe('pending');
    const request = await t.db('verification_requests').where('advertiser_id', id).first();
    expect(request).toMatchObject({
      method: 'renaper',
      full_name: 'Julia Verificada',
      dni: '30123456',
      tramite: '00123456789',
      gender: 'F',
      status: 'pending',
    });
    const [doc] = await t.db('identity_documents').where('request_id', request.id);
    expect(doc.kind).toBe('selfie');

    // On disk: not an image, not readable without the key, and bound to its own name.
    const sealed = fs.readFileSync(path.join(t.dataDir, sealedObjectKey(doc.file_key)));
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    await expect(sharp(sealed).metadata()).rejects.toThrow();
    expect(sealed.includes(Buffer.from('SN-123456'))).toBe(false);
    expect(() => decryptDocument(sealed, Buffer.alloc(32, 8), doc.file_key)).toThrow();
    expect(() => decryptDocument(sealed, config.identityKey, 'f'.repeat(32))).toThrow();

    const plain = await readDocument(diskStore(t.dataDir), config.identityKey, doc.file_key);
    const meta = await sharp(plain).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 120 }); // the orientation tag was applied
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(plain.includes(Buffer.from('PruebaCam'))).toBe(false);
    expect(plain.includes(Buffer.from('SN-123456'))).toBe(false);
  });

  it('manual: needs the front, the back and the selfie', async () => {
    const { id, cookie } = await newAdvertiser('rejected'); // a rejected advertiser may send again
    const jpeg = await testJpeg();
    const fields = { method: 'manual', fullName: 'Marta Manual', birthDate: adultBirthDate };
    const missing = await submit(
      cookie,
      form(fields, { dniFront: { bytes: jpeg, name: 'frente.jpg' }, selfie: { bytes: jpeg, name: 's.jpg' } }),
    );
    expect(missing).toMatchObject({ status: 400, body: { error: { field: 'dniBack', message: 'Falta la foto del dorso del DNI.' } } });
    const ok = await submit(
      cookie,
      form(fields, {
        dniFront: { bytes: jpeg, name: 'f.jpg' },
        dniBack: { bytes: await testPng(), name: 'd.png', type: 'image/png' },
        selfie: { bytes: jpeg, name: 's.jpg' },
      }),
    );
    expect(ok.status).toBe(201);
    const request = await t.db('verification_requests').where('advertiser_id', id).first();
    expect((await t.db('identity_documents').where('request_id', request.id).pluck('kind')).sort()).toEqual([
      'dni_back',
      'dni_front',
      'selfie',
    ]);
  });
});

describe("the advertiser's view of it", () => {
  it('GET shows the latest request and, after a rejection, the reason; then when its documents were deleted', async () => {
    const { id, cookie } = await newAdvertiser();
    const get = async () =>
      (await fetch(`${server.url}/api/advertiser/verification`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } })).json();
    expect(await get()).toEqual({ verificationStatus: 'unverified', latest: null });
    await submit(cookie, form(renaperFields, { selfie: { bytes: await testJpeg(), name: 's.jpg' } }));
    expect(await get()).toMatchObject({ verificationStatus: 'pending', latest: { method: 'renaper', status: 'pending', reason: null } });
    const decidedAt = new Date();
    await t
      .db('verification_requests')
      .where('advertiser_id', id)
      .update({ status: 'rejected', reason: 'La selfie no se ve bien.', decided_at: decidedAt });
    await t.db('advertisers').where('id', id).update({ verification_status: 'rejected' });
    expect(await get()).toMatchObject({
      verificationStatus: 'rejected',
      latest: { status: 'rejected', reason: 'La selfie no se ve bien.', documentsDeletedAt: null },
    });
    const exported = async () =>
      (
        (await (
          await fetch(`${server.url}/api/advertiser/data`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } })
        ).json()) as { verifications: Record<string, unknown>[] }
      ).verifications[0];
    // The download says by when the documents go: 7 days after the decision, within the hourly purge.
    expect(await exported()).toMatchObject({
      documentsPurgedAt: null,
      documentsDeletedBy: new Date(decidedAt.getTime() + 7 * 86_400_000 + 3_600_000).toISOString(),
    });
    const purgedAt = new Date(decidedAt.getTime() + 7 * 86_400_000);
    expect(await purgeIdentityDocuments(t.db, diskStore(t.dataDir), purgedAt)).toBe(1);
    expect(await get()).toMatchObject({ latest: { status: 'rejected', documentsDeletedAt: purgedAt.toISOString() } });
    expect(await exported()).toMatchObject({ documentsPurgedAt: purgedAt.toISOString(), documentsDeletedBy: null });
  });
});

describe('what is refused, changing nothing', () => {
  const cases: [string, () => Promise<FormData>, number, string, string][] = [
    [
      'a birth date under 18',
      async () =>
        form(
          { ...renaperFields, birthDate: shiftDate(buenosAiresDate(new Date()), -17, 0) },
          { selfie: { bytes: await testJpeg(), name: 's.jpg' } },
        ),
      400,
      'birthDate',
      'Tenés que ser mayor de 18 años para publicar en Velada.',
    ],
    [
      'a DNI with letters',
      async () => form({ ...renaperFields, dni: '30A23456' }, { selfie: { bytes: await testJpeg(), name: 's.jpg' } }),
      400,
      'dni',
      'El DNI debe tener 7 u 8 números.',
    ],
    [
      'a short trámite number',
      async () => form({ ...renaperFields, tramite: '123' }, { selfie: { bytes: await testJpeg(), name: 's.jpg' } }),
      400,
      'tramite',
      'El número de trámite debe tener entre 11 y 14 números.',
    ],
    [
      'no method',
      async () => form({ fullName: 'X Y Z', birthDate: adultBirthDate }),
      400,
      'method',
      'Elegí un método de verificación: RENAPER o revisión manual.',
    ],
    [
      'a text file renamed .jpg',
      async () => form(renaperFields, { selfie: { bytes: Buffer.from('no soy una imagen, soy texto'), name: 'selfie.jpg' } }),
      400,
      'selfie',
      'La selfie con tu DNI: el archivo no es una imagen JPG o PNG.',
    ],
    [
      'a 6 MB photo',
      async () =>
        form(renaperFields, { selfie: { bytes: Buffer.concat([await testJpeg(), Buffer.alloc(6 * 1024 * 1024)]), name: 's.jpg' } }),
      400,
      'selfie',
      'La selfie con tu DNI: la imagen pesa más de 5 MB.',
    ],
    [
      'a 20,000 x 20,000 PNG',
      async () => form(renaperFields, { selfie: { bytes: pngDeclaring(20_000, 20_000), name: 'enorme.png', type: 'image/png' } }),
      400,
      'selfie',
      'La selfie con tu DNI: la imagen tiene demasiados píxeles (máximo 24 megapíxeles: reducila y volvé a subirla).',
    ],
  ];

  it.each(cases)('%s', async (_name, build, status, field, message) => {
    const { id, cookie } = await newAdvertiser();
    const answer = await submit(cookie, await build());
    expect(answer.status).toBe(status);
    expect(answer.body.error?.field).toBe(field);
    expect(answer.body.error?.detail ?? answer.body.error?.message).toBe(message);
    expect((await t.db('advertisers').where('id', id).first()).verification_status).toBe('unverified');
    expect(await t.db('verification_requests').where('advertiser_id', id).first()).toBeUndefined();
  });

  it('a second submission while one is pending, a verified advertiser, and nobody signed in', async () => {
    const selfie = { selfie: { bytes: await testJpeg(), name: 's.jpg' } };
    const pending = await newAdvertiser('pending');
    expect((await submit(pending.cookie, form(renaperFields, selfie))).body.error?.code).toBe('already_pending');
    const verified = await newAdvertiser('verified');
    expect((await submit(verified.cookie, form(renaperFields, selfie))).body.error?.code).toBe('already_verified');
    expect((await submit(undefined, form(renaperFields, selfie))).status).toBe(401);
  });

  it('two submissions at once (a double click) record one request and leave no stray file', async () => {
    const { id, cookie } = await newAdvertiser();
    const body = async () => form(renaperFields, { selfie: { bytes: await testJpeg(), name: 's.jpg' } });
    const answers = await Promise.all([submit(cookie, await body()), submit(cookie, await body())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const requests = await t.db('verification_requests').where('advertiser_id', id);
    expect(requests).toHaveLength(1);
    const keys = await t.db('identity_documents').pluck('file_key');
    const files = fs.readdirSync(path.join(t.dataDir, 'identity')).map((f) => f.replace(/\.bin$/, ''));
    expect(files.sort()).toEqual([...keys].sort());
  });

  it('without a configured key the endpoint is unavailable rather than storing documents in the clear', async () => {
    const noKey = await serveTestApp(t, { config: { identityKey: undefined } });
    try {
      const { cookie } = await newAdvertiser();
      const res = await fetch(`${noKey.url}/api/advertiser/verification`, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
        body: form(renaperFields, { selfie: { bytes: await testJpeg(), name: 's.jpg' } }),
      });
      expect(res.status).toBe(503);
    } finally {
      await noKey.close();
    }
    expect(testConfig(t.dataDir).identityKey).toHaveLength(32);
  });
});
