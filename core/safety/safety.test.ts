// The advertiser's safety tools: the check-in timer (decision 041) and "Alertas" (decision 040), as their owner sees
// and runs them. On SQLite, and on PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { CHECK_IN_EXTENSION_MINUTES, MAX_CHECK_IN_EXTENSIONS } from '#shared/check-in.ts';
import { SAFETY_ALERT_MONTHS } from '#shared/safety-alerts.ts';
import { activeCheckIn, endCheckIn, extendCheckIn, startCheckIn } from './check-in.ts';
import { fileSafetyAlert, lookUpSafetyAlerts, ownSafetyAlerts } from './safety-alerts.ts';

const MINUTE = 60_000;
const NOW = new Date('2026-11-22T15:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('the check-in timer', () => {
  const input = { contactEmail: 'amiga@example.com', shownName: 'Lu', minutes: 60, message: 'Voy a Palermo, vuelvo a las 18.' };

  it('runs one at a time, as its owner sees it, and ends leaving nothing', async () => {
    const owner = await insertAdvertiser(t.db);
    expect(await activeCheckIn(t.db, owner)).toBeNull();
    const started = await startCheckIn(t.db, owner, input, NOW);
    expect(started).toEqual({
      id: expect.any(Number),
      checkIn: {
        contactEmail: 'amiga@example.com',
        shownName: 'Lu',
        message: 'Voy a Palermo, vuelvo a las 18.',
        startedAt: NOW.toISOString(),
        dueAt: at(60).toISOString(),
        extensionsLeft: MAX_CHECK_IN_EXTENSIONS,
      },
    });
    await expect(startCheckIn(t.db, owner, input, NOW)).rejects.toMatchObject({ reason: 'check_in_running' });
    expect(await activeCheckIn(t.db, owner)).toEqual(typeof started === 'object' ? started.checkIn : null);
    await expect(endCheckIn(t.db, owner)).resolves.toBeUndefined();
    await expect(endCheckIn(t.db, owner)).rejects.toMatchObject({ reason: 'check_in_missing' });
    expect(await t.db('check_ins').where('advertiser_id', owner)).toEqual([]);
  });

  it('extends a few times while the deadline has not passed', async () => {
    const owner = await insertAdvertiser(t.db);
    await expect(extendCheckIn(t.db, owner, NOW)).rejects.toMatchObject({ reason: 'check_in_missing' });
    await startCheckIn(t.db, owner, input, NOW);
    for (let i = 1; i <= MAX_CHECK_IN_EXTENSIONS; i++)
      expect(await extendCheckIn(t.db, owner, at(i))).toMatchObject({
        dueAt: at(60 + i * CHECK_IN_EXTENSION_MINUTES).toISOString(),
        extensionsLeft: MAX_CHECK_IN_EXTENSIONS - i,
      });
    await expect(extendCheckIn(t.db, owner, at(10))).rejects.toMatchObject({ reason: 'check_in_extension_limit' });

    const late = await insertAdvertiser(t.db);
    await startCheckIn(t.db, late, input, NOW);
    await expect(extendCheckIn(t.db, late, at(60))).rejects.toMatchObject({ reason: 'check_in_overdue' });
  });
});

describe('safety alerts', () => {
  const report = { kind: 'robo' as const, description: 'Se llevó el celular al irse.', incidentDate: '2026-11-20' };

  it('lists the reporter’s own alerts with when they stop counting, and refuses a second on the same number', async () => {
    const reporter = await insertAdvertiser(t.db);
    const filed = await fileSafetyAlert(t.db, reporter, 'hash-own', report, NOW);
    expect(filed).toEqual({ id: expect.any(Number) });
    await expect(fileSafetyAlert(t.db, reporter, 'hash-own', report, NOW)).rejects.toMatchObject({ reason: 'number_already_reported' });
    const expiresAt = new Date(NOW);
    expiresAt.setUTCMonth(expiresAt.getUTCMonth() + SAFETY_ALERT_MONTHS);
    expect(await ownSafetyAlerts(t.db, reporter, NOW)).toEqual([
      {
        id: (filed as { id: number }).id,
        kind: 'robo',
        description: 'Se llevó el celular al irse.',
        incidentDate: '2026-11-20',
        status: 'pending',
        decisionReason: null,
        createdAt: NOW.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
    ]);
    // Past its months it no longer counts, and no longer holds the number.
    const later = new Date(expiresAt.getTime() + MINUTE);
    expect(await ownSafetyAlerts(t.db, reporter, later)).toEqual([]);
    expect(await fileSafetyAlert(t.db, reporter, 'hash-own', report, later)).toEqual({ id: expect.any(Number) });
  });

  it('looks a number up counting approved alerts only, most frequent kind first, never who filed them', async () => {
    const reporters = await Promise.all([1, 2, 3, 4].map(() => insertAdvertiser(t.db, { fullName: 'Quien Reporta' })));
    const kinds = ['robo', 'violencia', 'violencia', 'estafa'] as const;
    for (const [i, reporter] of reporters.entries()) {
      const filed = await fileSafetyAlert(
        t.db,
        reporter,
        'hash-looked',
        { ...report, kind: kinds[i]!, incidentDate: `2026-11-1${i}` },
        NOW,
      );
      if (i < 3)
        await t
          .db('safety_alerts')
          .where('id', (filed as { id: number }).id)
          .update({ status: 'approved' });
    }
    const lookup = await lookUpSafetyAlerts(t.db, 'hash-looked', NOW);
    expect(lookup).toMatchObject({
      total: 3,
      kinds: [
        { kind: 'violencia', label: 'Violencia', count: 2 },
        { kind: 'robo', label: 'Robo', count: 1 },
      ],
      newest: { date: '2026-11-12' },
    });
    expect(lookup.alerts.map((a) => a.date)).toEqual(['2026-11-12', '2026-11-11', '2026-11-10']);
    expect(JSON.stringify(lookup)).not.toContain('Quien Reporta');
    expect(await lookUpSafetyAlerts(t.db, 'hash-nobody', NOW)).toEqual({ total: 0, kinds: [], newest: null, alerts: [] });
  });
});
