// The plan job's mail to advertisers (decision 035), on SQLite and PostgreSQL: the expiry reminder and the expired
// notice go once however often and however concurrently the job runs, not to those who turned them off, and a
// reminder whose mail failed goes with a later run.
import { describe, expect, it, vi } from 'vitest';
import { runPlanJobs } from '#core/plans/plan-lifecycle.ts';
import { preferencesToken } from '#core/mail-preferences/preferences-link.ts';
import { addDays } from '#shared/plans.ts';
import { t, mailer, SITE, DAY_MS, broken, owner, post, linksOf, preferencesLinkOf, useMailApp } from './testing.ts';

useMailApp();

describe('expiry notices from the plan job', () => {
  const endsIn = async (adId: number, ms: number, now: Date) =>
    t
      .db('ads')
      .where('id', adId)
      .update({ expires_at: new Date(now.getTime() + ms) });

  it('reminds once before a listing ends and tells once when it ended, however often and however concurrently it runs', async () => {
    const now = new Date();
    const { adId, email } = await owner({ title: 'Masajes en Caballito' });
    await endsIn(adId, 2 * DAY_MS + 3_600_000, now);
    const outside = await owner();
    await endsIn(outside.adId, 4 * DAY_MS, now);

    await Promise.all([runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, now), runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, now)]);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, new Date(now.getTime() + 5 * 60_000));
    const reminders = mailer.sentTo(email);
    expect(reminders.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tu anuncio vence el \d{1,2} de \w+ de \d{4}$/)]);
    expect(reminders[0]!.text).toContain(`«Masajes en Caballito» (código ${adId}) vence el`);
    expect(reminders[0]!.text).toContain('«Renovar»');
    expect(linksOf(reminders[0]!)[0]).toBe(`${SITE}/mi-cuenta`);
    preferencesLinkOf(reminders[0]!);
    expect(reminders[0]!.headers!['List-Unsubscribe']).toMatch(/kind=ad_expiry>$/);
    expect(mailer.sentTo(outside.email)).toEqual([]);

    const later = new Date(now.getTime() + 3 * DAY_MS);
    await Promise.all([
      runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, later),
      runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, later),
    ]);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, new Date(later.getTime() + 5 * 60_000));
    expect((await t.db('ads').where('id', adId).first('state')).state).toBe('expired');
    expect(mailer.sentTo(email).map((m) => m.subject)).toEqual([reminders[0]!.subject, 'Tu anuncio venció']);
    expect(mailer.sentTo(email)[1]!.text).toContain('ya no se muestra en Velada');
    // The other ad is now inside the reminder window: its one reminder.
    expect(mailer.sentTo(outside.email)).toHaveLength(1);

    // Renewed, the listing has a new end: a new reminder when it comes near.
    await t
      .db('ads')
      .where('id', adId)
      .update({ state: 'published', expires_at: addDays(later, 30) });
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, addDays(later, 28));
    expect(mailer.sentTo(email)).toHaveLength(3);
  });

  it('sends nothing to an advertiser who turned these notices off, nor about listings that ended long ago', async () => {
    const now = new Date();
    const off = await owner();
    await post('/api/mail-preferences', { token: await preferencesToken(t.db, off.id), preferences: { ad_expiry: false } });
    await endsIn(off.adId, DAY_MS, now);
    const old = await owner({ state: 'expired' });
    await endsIn(old.adId, -10 * DAY_MS, now);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, now);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, addDays(now, 2));
    expect((await t.db('ads').where('id', off.adId).first('state')).state).toBe('expired');
    expect(mailer.sentTo(off.email)).toEqual([]);
    expect(mailer.sentTo(old.email)).toEqual([]);
  });

  it("a paid plan's end is told by the renewal mail alone", async () => {
    const now = new Date();
    const { adId, email } = await owner();
    await t
      .db('ads')
      .where('id', adId)
      .update({ plan: 'premium', plan_expires_at: addDays(now, 2), expires_at: addDays(now, 32) });
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, now);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, addDays(now, 3));
    expect(mailer.sentTo(email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Tu plan Premium termina el /)]);
    expect(mailer.sentTo(email)[0]!.text).not.toContain('preferencias-de-correo');
  });

  it('a reminder whose mail failed is sent by a later run', async () => {
    const now = new Date();
    const { adId, email } = await owner();
    await endsIn(adId, DAY_MS, now);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await runPlanJobs({ db: t.db, mailer: broken, siteOrigin: SITE }, now);
      expect(errors.mock.calls.map((args) => String(args[0])).filter((l) => l.includes(`Ad ${adId}:`))).toEqual([
        `Ad ${adId}: the 'expiring' notice failed (ECONNECTION); the next run tries again.`,
      ]);
    } finally {
      errors.mockRestore();
    }
    expect(await t.db('ad_mail_notices').where('ad_id', adId)).toEqual([]);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, new Date(now.getTime() + 5 * 60_000));
    await runPlanJobs({ db: t.db, mailer, siteOrigin: SITE }, new Date(now.getTime() + 10 * 60_000));
    expect(mailer.sentTo(email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Tu anuncio vence el /)]);
  });
});
