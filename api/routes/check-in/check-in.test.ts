// The check-in timer through HTTP and its scheduled job, on SQLite and PostgreSQL: starting (with the contact's
// notice), "Estoy bien" and "Cancelar" deleting the row, extending within its limit, the Spanish refusals, another
// advertiser unable to touch it, and the job mailing the contact exactly once when the deadline passes (never
// before), retrying a failed send and giving up after hours, leaving no row behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { type Mail } from '#core/mail/mail.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { webPushSender } from '#api/services/search-alerts-job.ts';
import { CLAIM_MS, GIVE_UP_MS } from '#api/services/check-in-alerts.ts';
import { claimCheckInAttempt } from '#db/queries/check-ins.ts';
import { checkInMessageId } from '#core/safety/check-in-mails.ts';
import { CHECK_IN_EXTENSION_MINUTES, MAX_CHECK_IN_EXTENSIONS } from '#shared/check-in.ts';

let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { mailer });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function advertiser(verificationStatus: 'verified' | 'pending' = 'verified') {
  const id = await insertAdvertiser(t.db, { verificationStatus });
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}

async function call(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(`${server.url}/api/advertiser/check-in${path}`, {
    method,
    headers: { ...sameOriginJson, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let contactSequence = 0;
function timer(minutes = 60) {
  contactSequence += 1;
  return {
    contactEmail: `contacto${contactSequence}@example.com`,
    shownName: 'Lu',
    minutes,
    message: `Voy a un encuentro en Palermo, con alguien llamado Tomás (número ${contactSequence}).`,
  };
}

const rowsOf = (advertiserId: number) => t.db('check_ins').where('advertiser_id', advertiserId);

/** The scheduled job as its timer runs it, with its own mailer. */
function runJob(now: Date, jobMailer: { send(mail: Mail): Promise<void> }) {
  const job = scheduledJobs({
    db: t.db,
    store: diskStore(t.dataDir),
    mailer: jobMailer,
    siteOrigin: 'https://velada.example',
    pushSender: webPushSender(t.db, testConfig(t.dataDir)),
  }).find((j) => j.name === 'check-in-alerts');
  return job!.run(now);
}

describe('starting, checking in and cancelling', () => {
  it('starts a timer, tells the contact, shows it to its owner, and "Estoy bien" deletes it', async () => {
    const owner = await advertiser();
    const input = timer(90);
    const before = Date.now();
    const started = await call('POST', '', owner.cookie, input);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      noticeSent: true,
      checkIn: { contactEmail: input.contactEmail, shownName: 'Lu', message: input.message, extensionsLeft: MAX_CHECK_IN_EXTENSIONS },
    });
    const due = Date.parse(started.body.checkIn.dueAt);
    expect(due).toBeGreaterThanOrEqual(before + 90 * MINUTE);
    expect(due).toBeLessThanOrEqual(Date.now() + 90 * MINUTE);

    // The contact's notice: who named them and until when, not the message (that is only for the alert).
    const [notice] = mailer.sentTo(input.contactEmail);
    expect(mailer.sentTo(input.contactEmail)).toHaveLength(1);
    expect(notice!.subject).toBe('Lu te eligió como contacto de confianza');
    expect(notice!.text).toContain('(hora de Buenos Aires)');
    expect(notice!.text).not.toContain(input.message);

    expect(await call('GET', '', owner.cookie)).toMatchObject({ status: 200, body: { checkIn: { dueAt: started.body.checkIn.dueAt } } });
    expect(await rowsOf(owner.id)).toHaveLength(1);

    expect(await call('POST', '/done', owner.cookie)).toEqual({ status: 200, body: { checkIn: null } });
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(await call('GET', '', owner.cookie)).toEqual({ status: 200, body: { checkIn: null } });
    expect(await call('POST', '/done', owner.cookie)).toMatchObject({ status: 404, body: { error: { code: 'no_check_in' } } });
  });

  it('cancelling deletes it too, and then a new one can start', async () => {
    const owner = await advertiser();
    expect((await call('POST', '', owner.cookie, timer())).status).toBe(201);
    // One at a time.
    expect(await call('POST', '', owner.cookie, timer())).toMatchObject({
      status: 409,
      body: { error: { code: 'check_in_running', message: expect.stringMatching(/Ya tenés un aviso/) } },
    });
    expect(await call('DELETE', '', owner.cookie)).toEqual({ status: 200, body: { checkIn: null } });
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect((await call('POST', '', owner.cookie, timer())).status).toBe(201);
  });

  it('extends by 30 minutes a bounded number of times', async () => {
    const owner = await advertiser();
    const started = await call('POST', '', owner.cookie, timer(30));
    let due = Date.parse(started.body.checkIn.dueAt);
    for (let i = 1; i <= MAX_CHECK_IN_EXTENSIONS; i++) {
      const extended = await call('POST', '/extend', owner.cookie);
      expect(extended.status).toBe(200);
      expect(Date.parse(extended.body.checkIn.dueAt)).toBe(due + CHECK_IN_EXTENSION_MINUTES * MINUTE);
      expect(extended.body.checkIn.extensionsLeft).toBe(MAX_CHECK_IN_EXTENSIONS - i);
      due = Date.parse(extended.body.checkIn.dueAt);
    }
    expect(await call('POST', '/extend', owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'extension_limit' } } });
    expect(new Date((await rowsOf(owner.id))[0].due_at).getTime()).toBe(due);
  });

  it('refuses a past deadline extension: only "Estoy bien" stops the mail then', async () => {
    const owner = await advertiser();
    await call('POST', '', owner.cookie, timer());
    await rowsOf(owner.id).update({ due_at: new Date(Date.now() - MINUTE) });
    expect(await call('POST', '/extend', owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'check_in_overdue' } } });
    expect(await call('POST', '/done', owner.cookie)).toMatchObject({ status: 200 });
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('validates the form with Spanish messages and starts nothing', async () => {
    const owner = await advertiser();
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ contactEmail: 'no-es-un-email' }, 'contactEmail', /email válido/],
      [{ contactEmail: '' }, 'contactEmail', /email de tu contacto/],
      [{ minutes: 10 }, 'minutes', /al menos 30 minutos/],
      [{ minutes: 13 * 60 }, 'minutes', /como mucho 12 horas/],
      [{ message: 'corto' }, 'message', /al menos 10 caracteres/],
      [{ message: 'x'.repeat(1001) }, 'message', /hasta 1000 caracteres/],
      [{ shownName: 'Lu\nCC: otro@example.com' }, 'shownName', /una sola línea|caracteres de control/],
    ];
    for (const [change, field, message] of refusals) {
      const res = await call('POST', '', owner.cookie, { ...timer(), ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('is for verified advertisers, and signed-in ones only', async () => {
    const pending = await advertiser('pending');
    expect(await call('POST', '', pending.cookie, timer())).toMatchObject({ status: 403, body: { error: { code: 'not_verified' } } });
    expect(await rowsOf(pending.id)).toHaveLength(0);
    expect((await call('POST', '', undefined, timer())).status).toBe(401);
    expect((await call('GET', '', undefined)).status).toBe(401);
  });

  it('another advertiser can neither see, extend, check in nor cancel it', async () => {
    const owner = await advertiser();
    const other = await advertiser();
    await call('POST', '', owner.cookie, timer());
    expect(await call('GET', '', other.cookie)).toEqual({ status: 200, body: { checkIn: null } });
    expect((await call('POST', '/extend', other.cookie)).status).toBe(404);
    expect((await call('POST', '/done', other.cookie)).status).toBe(404);
    expect((await call('DELETE', '', other.cookie)).status).toBe(404);
    const [row] = await rowsOf(owner.id);
    expect(row.extensions).toBe(0);
  });

  it('limits how many timers an account starts in a day', async () => {
    const owner = await advertiser();
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '', owner.cookie, timer())).status).toBe(201);
      await call('DELETE', '', owner.cookie);
    }
    expect(await call('POST', '', owner.cookie, timer())).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests' } } });
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});

describe('the job', () => {
  it('mails the contact once with the chosen text when the deadline passes, never before, and leaves no row', async () => {
    const owner = await advertiser();
    const input = timer(60);
    const started = await call('POST', '', owner.cookie, input);
    const due = Date.parse(started.body.checkIn.dueAt);
    const jobMail = new MemoryMailer();

    await runJob(new Date(due - MINUTE), jobMail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(0);
    expect(await rowsOf(owner.id)).toHaveLength(1);

    await runJob(new Date(due + 1000), jobMail);
    const alerts = jobMail.sentTo(input.contactEmail);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Lu no confirmó que está bien');
    expect(alerts[0]!.text).toContain(input.message);
    expect(alerts[0]!.text).toContain('(hora de Buenos Aires)');
    // Nothing else about the advertiser: not their account's e-mail nor name.
    const account = await t.db('advertisers').where('id', owner.id).first();
    expect(alerts[0]!.text).not.toContain(account.email);
    expect(alerts[0]!.text).not.toContain(account.full_name);
    expect(await rowsOf(owner.id)).toHaveLength(0);

    // Run again (and once more later): nothing more is sent.
    await runJob(new Date(due + 2000), jobMail);
    await runJob(new Date(due + 10 * MINUTE), jobMail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(1);
  });

  it('a timer checked in before the run is not mailed', async () => {
    const owner = await advertiser();
    const input = timer(30);
    const started = await call('POST', '', owner.cookie, input);
    await call('POST', '/done', owner.cookie);
    const jobMail = new MemoryMailer();
    await runJob(new Date(Date.parse(started.body.checkIn.dueAt) + MINUTE), jobMail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(0);
  });

  it('retries a failed send on the next run, and a claimed try is not taken twice', async () => {
    const owner = await advertiser();
    const input = timer(30);
    const started = await call('POST', '', owner.cookie, input);
    const due = Date.parse(started.body.checkIn.dueAt);
    let failing = true;
    const delivered: Mail[] = [];
    const flaky = {
      async send(mail: Mail) {
        if (failing) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        delivered.push(mail);
      },
    };
    await runJob(new Date(due + MINUTE), flaky);
    const [kept] = await rowsOf(owner.id);
    expect(kept.attempts).toBe(1);
    failing = false;
    await runJob(new Date(due + 2 * MINUTE), flaky);
    expect(delivered.filter((m) => m.to === input.contactEmail)).toHaveLength(1);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('after a crash mid-send, the claimed timer waits before it is tried again, with the same Message-ID', async () => {
    const owner = await advertiser();
    const input = timer(30);
    const started = await call('POST', '', owner.cookie, input);
    const due = Date.parse(started.body.checkIn.dueAt);
    // A run that took the try (as the job does before sending) and died before the send's outcome was written.
    const [row] = await rowsOf(owner.id);
    expect(await claimCheckInAttempt(t.db, row.id, 0, new Date(due + MINUTE + CLAIM_MS))).toBe(true);
    // The same claim cannot be taken twice.
    expect(await claimCheckInAttempt(t.db, row.id, 0, new Date(due + MINUTE + CLAIM_MS))).toBe(false);
    const jobMail = new MemoryMailer();
    await runJob(new Date(due + 2 * MINUTE), jobMail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(0);
    await runJob(new Date(due + MINUTE + CLAIM_MS), jobMail);
    const [resent] = jobMail.sentTo(input.contactEmail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(1);
    expect(resent!.headers?.['Message-ID']).toBe(
      checkInMessageId('alert', row.id, new Date(started.body.checkIn.startedAt), 'https://velada.example'),
    );
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('gives up hours after the deadline and deletes the timer unsent', async () => {
    const owner = await advertiser();
    const input = timer(30);
    const started = await call('POST', '', owner.cookie, input);
    const jobMail = new MemoryMailer();
    await runJob(new Date(Date.parse(started.body.checkIn.dueAt) + GIVE_UP_MS + MINUTE), jobMail);
    expect(jobMail.sentTo(input.contactEmail)).toHaveLength(0);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});
