// Where ad photos live: DATA_DIR/uploads/ads/{key}-{width}.webp, each key random, so no URL can be guessed.
// Every picture that reaches disk has been decoded and re-encoded here: orientation applied, no metadata kept.
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './uploaded-image.ts';

export const AD_IMAGE_WIDTHS = [400, 800] as const;
const KEY_PATTERN = /^[a-f0-9]{32}$/;

export function adImagesDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'ads');
}

export function adImageUrl(key: string, width: (typeof AD_IMAGE_WIDTHS)[number]): string {
  return `/media/ads/${key}-${width}.webp`;
}

/** The file behind a /media/ads/ name, or null when the name is not one this store makes. */
export function adImageFile(dataDir: string, fileName: string): string | null {
  const match = /^([a-f0-9]+)-(\d+)\.webp$/.exec(fileName);
  if (!match || !KEY_PATTERN.test(match[1]!) || !AD_IMAGE_WIDTHS.includes(Number(match[2]) as 400)) return null;
  return path.join(adImagesDir(dataDir), fileName);
}

/**
 * Re-encodes an image into every width as WebP and returns its key and full size. The upload is decoded once, at
 * the largest width served (libvips shrinks a JPEG while decoding it when that is enough); the smaller widths are
 * made from that, never from the upload again. rotate() applies the EXIF orientation; sharp writes no metadata
 * unless asked to. Callers run it inside imageJobs (api/services/image-jobs.ts).
 */
export async function storeAdImage(dataDir: string, input: Buffer): Promise<{ key: string; width: number; height: number }> {
  const key = crypto.randomBytes(16).toString('hex');
  const dir = adImagesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const largest = Math.max(...AD_IMAGE_WIDTHS);
  const decoded = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const raw = { raw: { width, height, channels } };
  for (const target of AD_IMAGE_WIDTHS) {
    await sharp(decoded.data, raw)
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(path.join(dir, `${key}-${target}.webp`));
  }
  // The upright size of the picture as uploaded, from its header (no second decode).
  const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return { key, width: (turned ? meta.height : meta.width) ?? width, height: (turned ? meta.width : meta.height) ?? height };
}

/** Deletes every width of a stored image (missing files are fine: the goal is that none remains). */
export async function deleteAdImage(dataDir: string, key: string): Promise<void> {
  if (!KEY_PATTERN.test(key)) return;
  await Promise.all(AD_IMAGE_WIDTHS.map((w) => fs.rm(path.join(adImagesDir(dataDir), `${key}-${w}.webp`), { force: true })));
}

/** Copies a stored image under a new key (demo data reuses a pool of generated pictures). */
export async function copyAdImage(dataDir: string, key: string): Promise<string> {
  const copy = crypto.randomBytes(16).toString('hex');
  const dir = adImagesDir(dataDir);
  await Promise.all(AD_IMAGE_WIDTHS.map((w) => fs.copyFile(path.join(dir, `${key}-${w}.webp`), path.join(dir, `${copy}-${w}.webp`))));
  return copy;
}
