// Image work is bounded (audit finding 7): a fixed number of jobs at a time, a short queue, then 503 with
// Retry-After; an upload is decoded once, at the largest width served; pictures over the pixel limit are
// refused before any decoding.
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { imageJobs } from './image-jobs.ts';
import { Bulkhead } from './bulkhead.ts';
import { HttpError, imagesBusy } from '#api/errors.ts';
import { createTestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { serveTestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { checkedImage } from './uploaded-image.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

// Counts the pixel pipelines (toBuffer, toFile, also on clones) that run on a given input, passing every call on
// to the real library. metadata() reads the header only and is not counted.
const decodes = vi.hoisted(() => ({ runs: new Map<unknown, number>() }));
vi.mock('sharp', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof sharp }).default;
  const track = (instance: Sharp, input: unknown): Sharp => {
    for (const method of ['toBuffer', 'toFile'] as const) {
      const original = instance[method].bind(instance) as (...a: unknown[]) => unknown;
      (instance as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
        decodes.runs.set(input, (decodes.runs.get(input) ?? 0) + 1);
        return original(...a);
      };
    }
    const clone = instance.clone.bind(instance);
    instance.clone = () => track(clone(), input);
    return instance;
  };
  const counting = ((...args: Parameters<typeof sharp>) => track(real(...args), args[0])) as typeof sharp;
  return { default: Object.assign(counting, real) };
});

const deferred = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe('a bulkhead of image jobs', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, and refuses the rest at once with a 503', async () => {
    const jobs = new Bulkhead({ concurrency: 2, maxWaiting: 1, busy: imagesBusy });
    const gate = deferred();
    let running = 0;
    let most = 0;
    const job = () =>
      jobs.run(async () => {
        most = Math.max(most, ++running);
        await gate.done;
        running--;
      });
    const accepted = [job(), job(), job()];
    expect(jobs.size).toEqual({ active: 2, waiting: 1 });
    const refused = await job().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, code: 'images_busy', retryAfterSeconds: 5 });
    gate.release();
    await Promise.all(accepted);
    expect(most).toBe(2);
    expect(jobs.size).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a job that waited too long, and forgets it', async () => {
    const jobs = new Bulkhead({ concurrency: 1, maxWaiting: 5, maxWaitMs: 20, busy: imagesBusy });
    const gate = deferred();
    const first = jobs.run(() => gate.done);
    await expect(jobs.run(async () => 'tarde')).rejects.toMatchObject({ status: 503 });
    expect(jobs.size).toEqual({ active: 1, waiting: 0 });
    gate.release();
    await first;
    expect(jobs.size).toEqual({ active: 0, waiting: 0 });
  });

  it('gives the place back when a job fails', async () => {
    const jobs = new Bulkhead({ concurrency: 1, maxWaiting: 0, busy: imagesBusy });
    await expect(jobs.run(() => Promise.reject(new Error('dañada')))).rejects.toThrow('dañada');
    await expect(jobs.run(async () => 'ok')).resolves.toBe('ok');
  });
});

describe('an uploaded photo', () => {
  it('is decoded once, whatever the number of widths', async () => {
    const t = await createTestDb();
    try {
      const { storeAdImage } = await import('./image-store.ts');
      const { diskStore } = await import('./object-store/disk-store.ts');
      const upload = await testJpeg(3000, 2000);
      const stored = await storeAdImage(diskStore(t.dataDir), upload);
      expect(decodes.runs.get(upload)).toBe(1);
      expect(stored).toMatchObject({ width: 3000, height: 2000 });
    } finally {
      await t.destroy();
    }
  });

  it('over 24 megapixels is refused before it is decoded, with a message that says what to do', async () => {
    const big = await sharp({ create: { width: 6200, height: 4000, channels: 3, background: '#446688' } })
      .jpeg({ quality: 20 })
      .toBuffer();
    await expect(checkedImage(big, 'photo', 'la foto')).rejects.toThrow(
      'La foto: la imagen tiene demasiados píxeles (máximo 24 megapíxeles: reducila y volvé a subirla).',
    );
  });

  it('gets a 503 with Retry-After when the image queue is full, and nothing is stored', async () => {
    const t = await createTestDb();
    const server = await serveTestApp(t);
    const gate = deferred();
    const blockers: Promise<unknown>[] = [];
    try {
      const advertiserId = await insertAdvertiser(t.db);
      const adId = await insertAd(t.db, advertiserId, { state: 'draft' });
      const cookie = await advertiserSessions.create(t.db, advertiserId);
      for (let i = 0; i < imageJobs.concurrency + imageJobs.maxWaiting; i++) blockers.push(imageJobs.run(() => gate.done));
      const form = new FormData();
      form.set('photo', new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await fetch(`${server.url}/api/advertiser/ads/${adId}/photos`, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
        body: form,
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Estamos procesando muchas imágenes/);
      expect(await t.db('ad_images').where('ad_id', adId)).toEqual([]);
    } finally {
      gate.release();
      await Promise.all(blockers);
      await server.close();
      await t.destroy();
    }
  });
});
