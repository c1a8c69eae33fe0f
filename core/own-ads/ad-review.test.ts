// A held ad's review as its owner sees it, and their answers (decision 044): on SQLite, and on PostgreSQL in the
// postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { createReport } from '#db/queries/reports.ts';
import { answerReports, findOwnAdReview, MAX_ANSWERS } from './ad-review.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const report = (adId: number, reason: 'posible_menor' | 'estafa', details = 'Lo que escribió quien denunció.') =>
  createReport(t.db, { adId, adReference: null, reason, details, contactEmail: 'denuncia@example.com', reporterKey: null });

describe('the review of a held ad', () => {
  it('tells its owner the kind of concern, never who reported it nor what they wrote', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { title: 'Aviso denunciado' });
    expect(await findOwnAdReview(t.db, owner, id)).toEqual({
      ad: { id, title: 'Aviso denunciado', state: 'published' },
      open: false,
      concerns: [],
      since: null,
      answers: [],
      answersLeft: 0,
    });
    await report(id, 'posible_menor');
    // A report of a reason that does not hide the ad is not one the owner answers here.
    await report(id, 'estafa');
    const review = await findOwnAdReview(t.db, owner, id);
    expect(review).toMatchObject({
      open: true,
      concerns: ['dudas sobre la edad de la persona que aparece en el anuncio'],
      answersLeft: MAX_ANSWERS,
    });
    expect(JSON.stringify(review)).not.toContain('denuncia@example.com');
    expect(JSON.stringify(review)).not.toContain('Lo que escribió');
    expect(await findOwnAdReview(t.db, await insertAdvertiser(t.db), id)).toBeNull();
  });

  it('takes the owner’s answers while the report is open, a few times', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner);
    await expect(answerReports(t.db, owner, id, 'No hay motivo.')).rejects.toMatchObject({ reason: 'no_open_report' });
    await report(id, 'posible_menor');
    await expect(answerReports(t.db, await insertAdvertiser(t.db), id, 'No es mío.')).rejects.toMatchObject({ reason: 'own_ad_missing' });
    for (let i = 1; i <= MAX_ANSWERS; i++)
      await expect(answerReports(t.db, owner, id, `Respuesta ${i}.`, new Date(Date.now() + i))).resolves.toBeUndefined();
    await expect(answerReports(t.db, owner, id, 'Una más.')).rejects.toMatchObject({ reason: 'answer_limit' });
    const review = await findOwnAdReview(t.db, owner, id);
    expect(review!.answers.map((a) => a.body)).toEqual(['Respuesta 1.', 'Respuesta 2.', 'Respuesta 3.']);
    expect(review!.answersLeft).toBe(0);
  });
});
