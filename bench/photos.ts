// Photo pipeline benchmark: a 12-megapixel JPEG (4000 x 3000, camera-like noise) through storeAdImage (decode,
// orientation, every WebP width, no metadata), one photo at a time with libvips on one thread: ms per photo and
// photos per second on one core, against decoding the same JPEG alone in the same run (the floor of any
// pipeline that reads the photo).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AD_IMAGES_PREFIX, storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';
import { BENCH_DATA_DIR, isMain, log, percentile, round } from './lib/common.ts';

const WARMUP = 2;
const RUNS = 12;

async function time(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { runs, medianMs: round(percentile(times, 0.5)), p90Ms: round(percentile(times, 0.9)) };
}

export async function runPhotoBenchmark(): Promise<Record<string, unknown>> {
  const dataDir = path.join(BENCH_DATA_DIR, 'photos');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const store = diskStore(dataDir);
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    // Noise compresses like a detailed camera photo: about 4 MB here, under the 5 MB upload limit.
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    log(`photo pipeline: ${photo.length} bytes of 12 MP JPEG, ${WARMUP} warm-up + ${RUNS} runs, libvips on 1 thread`);
    const pipeline = await time(RUNS, () => storeAdImage(store, photo));
    const decodeOnly = await time(RUNS, () => sharp(photo).raw().toBuffer());
    const written = (await store.list(AD_IMAGES_PREFIX)).length / AD_IMAGE_WIDTHS.length;
    return {
      benchmark: 'photo-pipeline',
      inputBytes: photo.length,
      megapixels: 12,
      widths: AD_IMAGE_WIDTHS,
      pipeline: { ...pipeline, photosPerSecond: round(1000 / pipeline.medianMs) },
      decodeOnly,
      ratio: round(pipeline.medianMs / decodeOnly.medianMs),
      photosWritten: written,
      node: process.version,
      cpu: os.cpus()[0]?.model ?? 'unknown',
    };
  } finally {
    sharp.concurrency(previous);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await runPhotoBenchmark())}\n`);
}
