// "Fotos reales" from the panel on a real database: the queue, one request, the selfie view and the decision, mailed
// to the ad's owner (decision 067).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import {
  insertAd,
  insertAdministrator,
  insertAdPhotoRows,
  insertAdvertiser,
  insertPhotoVerificationRequest,
} from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { actorOf, auditRows, detailsOf, fakeFiles } from '../testing.ts';
import { decidePhotos, photoVerification, photoVerificationQueue, viewSelfie } from './photo-verifications.ts';
import type { Mail, Mailer } from '#core/mail/mail.ts';
import { formatLongDate } from '#shared/format.ts';
import { photosVerifiedUntil } from '#shared/photo-verification.ts';

/** Keeps what is sent, for the test to read. */
class KeptMail implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}

let t: TestDb;
let staff: Admin;
const mailer = new KeptMail();
const deps = () => ({ db: t.db, mailer, siteOrigin: 'https://velada.test' });

beforeAll(async () => {
  t = await createTestDb();
  staff = await insertAdministrator(t.db, { permissions: ['manage_verifications'] });
});
afterAll(() => t?.destroy());

async function request(photos = 2) {
  const advertiserId = await insertAdvertiser(t.db, { fullName: 'Lía Fotos' });
  const adId = await insertAd(t.db, advertiserId, { title: 'Aviso con fotos' });
  const photoIds = await insertAdPhotoRows(t.db, adId, photos);
  const id = await insertPhotoVerificationRequest(t.db, { id: adId, advertiserId });
  const selfieKey = (await t.db('photo_verification_requests').where('id', id).first('selfie_key')).selfie_key as string;
  return { id, adId, photoIds, selfieKey };
}

describe('the queue and a request', () => {
  it('show what staff compare, and never the sealed selfie key', async () => {
    const { id, adId, photoIds, selfieKey } = await request();
    const other = await insertAdvertiser(t.db);
    const waiting = await insertPhotoVerificationRequest(
      t.db,
      { id: await insertAd(t.db, other), advertiserId: other },
      { status: 'awaiting_selfie' },
    );
    const queue = await photoVerificationQueue(t.db);
    expect(queue.map((r) => r.id)).toContain(id);
    expect(queue.map((r) => r.id)).not.toContain(waiting);
    expect(queue.find((r) => r.id === id)).toEqual({
      id,
      adId,
      adTitle: 'Aviso con fotos',
      advertiserName: 'Lía Fotos',
      gesture: 'pulgar-arriba',
      photoCount: 2,
      submittedAt: expect.any(String),
    });
    const review = await photoVerification(t.db, id);
    expect(review).toMatchObject({
      id,
      adCode: adId,
      hasSelfie: true,
      photos: photoIds.map((photoId) => expect.objectContaining({ id: photoId })),
    });
    expect(Object.keys(review).sort()).toEqual([
      'adCode',
      'adTitle',
      'advertiserName',
      'gesture',
      'hasSelfie',
      'id',
      'photos',
      'submittedAt',
    ]);
    expect(JSON.stringify([queue, review])).not.toContain(selfieKey);
    await expect(photoVerification(t.db, 999_999)).rejects.toMatchObject({ reason: 'photo_request_missing' });
  });

  it('the selfie is read and its view recorded', async () => {
    const { id, adId, selfieKey } = await request(1);
    const files = fakeFiles();
    expect((await viewSelfie({ db: t.db, files }, actorOf(staff), id)).toString()).toBe(`bytes of ${selfieKey}`);
    expect(detailsOf((await auditRows(t.db, 'photo_selfie_viewed', id))[0])).toEqual({ adId });
  });
});

describe('decidePhotos', () => {
  it('answers the status only, and records each photo in the audit row', async () => {
    const { id, adId, photoIds } = await request();
    const answer = await decidePhotos(deps(), actorOf(staff), id, [
      { id: photoIds[0]!, verified: true },
      { id: photoIds[1]!, verified: false, reason: 'No es la misma persona.' },
    ]);
    expect(answer).toEqual({ success: true, status: 'rejected' });
    expect(detailsOf((await auditRows(t.db, 'photo_verification_decided', id))[0])).toEqual({
      adId,
      status: 'rejected',
      verified: [photoIds[0]],
      refused: [{ photoId: photoIds[1], reason: 'No es la misma persona.' }],
    });
    await expect(
      decidePhotos(
        deps(),
        actorOf(staff),
        id,
        photoIds.map((p) => ({ id: p, verified: true })),
      ),
    ).rejects.toMatchObject({ reason: 'photo_request_not_pending' });
  });

  it('refuses marks that do not name the ad photos as they are now, and writes nothing', async () => {
    const { id, photoIds } = await request();
    await expect(decidePhotos(deps(), actorOf(staff), id, [{ id: photoIds[0]!, verified: true }])).rejects.toMatchObject({
      reason: 'photos_changed_in_review',
    });
    expect((await t.db('photo_verification_requests').where('id', id).first()).status).toBe('pending');
    expect(await auditRows(t.db, 'photo_verification_decided', id)).toHaveLength(0);
  });
});

describe('the mail on a decision', () => {
  const mailTo = async (adId: number) => {
    const { email } = await t.db('advertisers').join('ads', 'ads.advertiser_id', 'advertisers.id').where('ads.id', adId).first('email');
    return mailer.sent.filter((m) => m.to === email);
  };

  it('tells the owner, by name, until when the ad shows "Fotos reales"', async () => {
    const { id, adId, photoIds } = await request();
    await decidePhotos(
      deps(),
      actorOf(staff),
      id,
      photoIds.map((p) => ({ id: p, verified: true })),
    );
    const { photos_verified_at: since } = await t.db('ads').where('id', adId).first('photos_verified_at');
    const [mail, ...more] = await mailTo(adId);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Tus fotos fueron verificadas');
    expect(mail!.text).toContain('Hola Lía Fotos:');
    expect(mail!.text).toContain(
      `Tus fotos fueron verificadas: tu aviso «Aviso con fotos» (código ${adId}) muestra «Fotos reales» hasta el ${formatLongDate(photosVerifiedUntil(since))}.`,
    );
    expect(mail!.text).toContain(`https://velada.test/mi-cuenta/anuncios/${adId}/verificar-fotos`);
  });

  it("lists each refused photo with staff's reason", async () => {
    const { id, adId, photoIds } = await request(3);
    await decidePhotos(deps(), actorOf(staff), id, [
      { id: photoIds[0]!, verified: true },
      { id: photoIds[1]!, verified: false, reason: 'La foto está recortada y no se ve la cara.' },
      { id: photoIds[2]!, verified: false },
    ]);
    const [mail, ...more] = await mailTo(adId);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('No pudimos verificar tus fotos');
    expect(mail!.text).toContain('Hola Lía Fotos:');
    expect(mail!.text).toContain('- Foto 2: La foto está recortada y no se ve la cara.');
    expect(mail!.text).toContain('- Foto 3: no coincide con la selfie de verificación');
    expect(mail!.text).not.toContain('Foto 1:');
    // Subjects never name the ad (decision 035).
    expect(mail!.subject).not.toContain('Aviso con fotos');
  });

  it('sends nothing when the decision is refused', async () => {
    const { id, adId, photoIds } = await request();
    await expect(decidePhotos(deps(), actorOf(staff), id, [{ id: photoIds[0]!, verified: true }])).rejects.toMatchObject({
      reason: 'photos_changed_in_review',
    });
    expect(await mailTo(adId)).toEqual([]);
  });
});
