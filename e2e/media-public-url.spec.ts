// Photos from a public bucket (MEDIA_PUBLIC_URL, decision 028): a second server of the same build whose files are in
// an S3 bucket (s3rver started here), and pages whose photos come from the bucket's public address, which the
// pages' CSP allows. scripts/e2e.ts builds with E2E_MEDIA_PUBLIC_URL as MEDIA_PUBLIC_URL; the browser reaches
// that host through page.route, which answers from the bucket (the CSP is checked before a request is routed).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '#db/connection.ts';
import { loadConfig } from '#api/config.ts';
import { openObjectStore } from '#api/services/object-store/object-store.ts';
import { storeAdImage } from '#api/services/image-store.ts';
import { createRandom, demoPicture, insertAd, insertAdvertiser, insertAdPhoto } from '#tooling/factories/index.ts';
import { startTestS3, type TestS3 } from '#tooling/testing/s3.ts';
import { adPath } from '#shared/ad-text.ts';
import { test, expect, asReturningVisitor } from './fixtures.ts';
import { freePort } from '#tooling/free-port.ts';
import { waitUntilHealthy } from '#tooling/server-health.ts';

const MEDIA_PUBLIC_URL = process.env.E2E_MEDIA_PUBLIC_URL;
test.skip(!MEDIA_PUBLIC_URL, 'run through scripts/e2e.ts, which builds the site with E2E_MEDIA_PUBLIC_URL');
// One server and one bucket for the file's tests.
test.describe.configure({ mode: 'serial' });
const BUCKET = 'velada-e2e';

let s3: TestS3;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let ad: { id: number; slug: string; title: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startTestS3(BUCKET);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-e2e-media-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn(process.execPath, ['api/main.ts'], {
    env: {
      ...process.env,
      ...s3.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'e2e-media-admin-password',
      MEDIA_PUBLIC_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilHealthy(baseUrl, server, 60_000).catch((err: Error) => {
    throw new Error(`${err.message}: ${output}`);
  });

  // A published VIP ad with one photo, stored in the bucket as an upload would be.
  const db: Knex = knexFactory(knexConfig(`sqlite:${path.join(dataDir, 'velada.sqlite')}`, dataDir));
  try {
    const store = openObjectStore({ dataDir, s3: loadConfig(s3.env).s3 });
    const photo = await storeAdImage(store, await demoPicture(createRandom(28)));
    const title = 'Aviso con fotos en el bucket';
    const id = await insertAd(db, await insertAdvertiser(db), {
      title,
      plan: 'vip',
      planExpiresAt: new Date(Date.now() + 10 * 86_400_000),
    });
    await insertAdPhoto(db, id, { fileKey: photo.key, width: photo.width, height: photo.height, alt: 'foto' });
    const { slug } = await db('ads').where('id', id).first('slug');
    ad = { id, slug, title };
  } finally {
    await db.destroy();
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  await s3?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Answers requests for the public address from the bucket, and collects the page's CSP violations. */
async function throughBucket(page: Page): Promise<string[]> {
  const mediaOrigin = new URL(MEDIA_PUBLIC_URL!).origin;
  await page.route(`${mediaOrigin}/**`, async (route) => {
    const answer = await fetch(`${s3.endpoint}${new URL(route.request().url()).pathname}`);
    await route.fulfill({
      status: answer.status,
      headers: { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' },
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await asReturningVisitor(page);
  return violations;
}

/** The image is at the public address and was drawn (a blocked or failed image has no natural width). */
async function expectDrawnFromBucket(image: ReturnType<Page['locator']>): Promise<void> {
  await expect(image).toHaveAttribute(
    'src',
    new RegExp(`^${MEDIA_PUBLIC_URL!.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}/[a-f0-9]{32}-\\d+\\.webp$`),
  );
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test("an ad's page shows its photos from MEDIA_PUBLIC_URL, which the page's CSP allows", async ({ page }) => {
  const violations = await throughBucket(page);
  const response = await page.goto(`${baseUrl}${adPath(ad)}`);
  expect(response!.status()).toBe(200);
  const imgSrc = /img-src([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(imgSrc.trim().split(/\s+/)).toContain(new URL(MEDIA_PUBLIC_URL!).origin);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ad.title);
  await expectDrawnFromBucket(page.locator('.ad__gallery img').first());
  expect(violations).toEqual([]);
});

test("the home's VIP strip (a server island in a prerendered page) and the search show the photos from MEDIA_PUBLIC_URL", async ({
  page,
}) => {
  const violations = await throughBucket(page);
  await page.goto(`${baseUrl}/`);
  await expectDrawnFromBucket(page.locator('[data-featured-list] img').first());
  await page.goto(`${baseUrl}/buscar`);
  await expectDrawnFromBucket(page.locator('.results__list .result__image img').first());
  expect(violations).toEqual([]);
});
