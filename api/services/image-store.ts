// Where ad photos live: DATA_DIR/uploads/ads/{key}-{width}.webp, each key random, so no URL can be guessed.
// Every picture that reaches disk has been decoded and re-encoded here: orientation applied, no metadata kept.
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';

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

/** Re-encodes an image into every width as WebP and returns its key and full size. */
export async function storeAdImage(dataDir: string, input: Buffer): Promise<{ key: string; width: number; height: number }> {
  const key = crypto.randomBytes(16).toString('hex');
  const dir = adImagesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  // Each width straight from the upload: libvips then decodes a JPEG at 1/2, 1/4 or 1/8 of its size when that is
  // enough (shrink-on-load), instead of decoding and re-encoding the full picture first. rotate() applies the
  // EXIF orientation; sharp writes no metadata unless asked to.
  const upright = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  for (const width of AD_IMAGE_WIDTHS) {
    await upright
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(path.join(dir, `${key}-${width}.webp`));
  }
  return { key, width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
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
