// What the "Fotos reales" tests share (photo-verification.test.ts, photo-verification-badge.test.ts): a panel whose
// owners each upload from an address of their own, owners with ads and photos, and calls as the owner and as staff.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { testJpeg } from '#api/testing/images.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';

export let panel: Panel;

export const db = () => panel.t.db;
const identityDir = () => path.join(panel.t.dataDir, 'identity');
export const identityFiles = () => (fs.existsSync(identityDir()) ? fs.readdirSync(identityDir()).sort() : []);

let photoCounter = 0;
/** An advertiser with an ad in `state` and `photos` photos (rows only: the checks never read their files). */
export async function ownerWithAd(options: { state?: string; photos?: number; title?: string } = {}) {
  const advertiserId = await insertAdvertiser(db(), { fullName: 'Lía Fotos Reales' });
  const adId = await insertAd(db(), advertiserId, { state: options.state ?? 'published', title: options.title ?? 'Masajes con fotos' });
  const photoIds: number[] = [];
  for (let position = 0; position < (options.photos ?? 2); position++) {
    photoCounter += 1;
    const [row] = await db()('ad_images')
      .insert({ ad_id: adId, position, file_key: photoCounter.toString(16).padStart(32, 'b'), width: 64, height: 64 })
      .returning('id');
    photoIds.push(typeof row === 'object' ? row.id : row);
  }
  const cookie = await advertiserSessions.create(db(), advertiserId);
  addresses.set(cookie, `198.51.100.${addresses.size + 1}`);
  return { advertiserId, adId, photoIds, cookie };
}

/** Each owner's own address (through the trusted proxy), by session. */
const addresses = new Map<string, string>();
export const asOwner = (cookie: string) => ({
  Cookie: `${advertiserSessions.cookie}=${cookie}`,
  'Sec-Fetch-Site': 'same-origin',
  'X-Forwarded-For': addresses.get(cookie)!,
});

export async function ownerCall(method: string, cookie: string, adId: number, suffix = '') {
  const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photo-verification${suffix}`, {
    method,
    headers: asOwner(cookie),
  });
  return { status: res.status, body: (await res.json()) as OwnPhotoVerification & { error?: { code: string; message: string } } };
}

export async function sendSelfie(cookie: string, adId: number, bytes: Buffer | string, name = 'selfie.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('selfie', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photo-verification/selfie`, {
    method: 'POST',
    headers: asOwner(cookie),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; field?: string; message: string } } };
}

/** An owner whose ad's request has its selfie in, waiting for staff. */
export async function pendingRequest(options: { photos?: number; state?: string } = {}) {
  const owner = await ownerWithAd(options);
  expect((await ownerCall('POST', owner.cookie, owner.adId)).status).toBe(201);
  expect((await sendSelfie(owner.cookie, owner.adId, await testJpeg())).status).toBe(201);
  const request = await db()('photo_verification_requests').where('ad_id', owner.adId).first();
  return { ...owner, requestId: request.id as number };
}

export const staff = (method: string, pathname: string, body?: unknown, cookie = panel.cookies.manage_verifications) =>
  panel.call(method, `/api/admin/photo-verifications${pathname}`, cookie, body);

export const adRow = (adId: number) => db()('ads').where('id', adId).first();

/** Registers the file's panel: started before its tests, closed after them. */
export function usePhotoVerificationPanel(): void {
  beforeAll(async () => {
    // A proxy on loopback: each owner uploads from an address of its own, under the per-address upload limits.
    panel = await startPanel({ config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(() => panel.close());
}
