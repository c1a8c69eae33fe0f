// Ad photos in the object store: uploads/ads/{key}-{width}.webp (DATA_DIR/uploads/ads on disk), each key random, so
// no URL can be guessed. Every picture that is stored has been decoded and re-encoded here: orientation applied,
// no metadata kept.
import crypto from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from './uploaded-image.ts';
import type { ObjectStore } from './object-store/object-store.ts';
import { AD_IMAGE_WIDTHS, type AdImageWidth } from '#shared/photo-urls.ts';
import { HASH_SIDE, hashesOfGreyPixels, type PictureHashes } from '#shared/photo-hash.ts';

export const AD_IMAGES_PREFIX = 'uploads/ads/';
const KEY_PATTERN = /^[a-f0-9]{32}$/;

/**
 * Public photos may be kept by browsers and shared caches, but only for minutes: moderation can take them down,
 * so they are never `immutable`. Stored with each object for a bucket that serves them itself.
 */
export const PUBLIC_PHOTO_CACHE = 'public, max-age=600';
const PHOTO_OBJECT = { contentType: 'image/webp', cacheControl: PUBLIC_PHOTO_CACHE };

export const adImageObjectKey = (key: string, width: AdImageWidth) => `${AD_IMAGES_PREFIX}${key}-${width}.webp`;

/** The photo behind a /media/ads/ file name, or null when the name is not one this store makes. */
export function adImageByName(fileName: string): { key: string; objectKey: string } | null {
  const match = /^([a-f0-9]+)-(\d+)\.webp$/.exec(fileName);
  const width = Number(match?.[2]) as AdImageWidth;
  if (!match || !KEY_PATTERN.test(match[1]!) || !AD_IMAGE_WIDTHS.includes(width)) return null;
  return { key: match[1]!, objectKey: adImageObjectKey(match[1]!, width) };
}

export interface EncodedAdImage {
  /** The upright size of the picture as uploaded. */
  width: number;
  height: number;
  files: { width: AdImageWidth; bytes: Buffer }[];
  /** The perceptual hash of the picture (shared/photo-hash.ts), null for a flat one. */
  hash: string | null;
  /** The hash of the picture flipped left to right (decision 067), null for a flat one. */
  mirrorHash: string | null;
}

/**
 * The perceptual hashes of an image and of its mirror image: decoded (orientation applied), without alpha, in grey
 * at HASH_SIDE x HASH_SIDE (the mirror is those grey pixels flipped). Computed on the pixels, so metadata, the file
 * format and the size it was saved at do not change them.
 */
export async function perceptualHashes(image: Sharp): Promise<PictureHashes> {
  const pixels = await image.removeAlpha().greyscale().resize(HASH_SIDE, HASH_SIDE, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  return hashesOfGreyPixels(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length));
}

/** The hashes of a stored photo's file (the backfill of photos stored before hashes or mirror hashes existed). */
export const hashesOfStoredImage = (bytes: Buffer) => perceptualHashes(sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }));

/**
 * Re-encodes an image into every width as WebP. The upload is decoded once, at the largest width served (libvips
 * shrinks a JPEG while decoding it when that is enough); the smaller widths are made from that, never from the
 * upload again. rotate() applies the EXIF orientation; sharp writes no metadata unless asked to. Callers run it
 * inside imageJobs (api/services/image-jobs.ts); storing the result is I/O and happens outside.
 */
export async function encodeAdImage(input: Buffer): Promise<EncodedAdImage> {
  const largest = Math.max(...AD_IMAGE_WIDTHS);
  const decoded = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const raw = { raw: { width, height, channels } };
  const files: EncodedAdImage['files'] = [];
  const { hash, mirrorHash } = await perceptualHashes(sharp(decoded.data, raw));
  // A picture narrower than a width is stored at its own size for it: encoded once, whatever the widths it serves.
  const bySize = new Map<number, Buffer>();
  for (const target of AD_IMAGE_WIDTHS) {
    const size = Math.min(target, width);
    let bytes = bySize.get(size);
    if (!bytes) {
      bytes = await sharp(decoded.data, raw).resize({ width: size }).webp({ quality: 78 }).toBuffer();
      bySize.set(size, bytes);
    }
    files.push({ width: target, bytes });
  }
  // The upright size of the picture as uploaded, from its header (no second decode).
  const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: (turned ? meta.height : meta.width) ?? width,
    height: (turned ? meta.width : meta.height) ?? height,
    files,
    hash,
    mirrorHash,
  };
}

/** A stored photo: its key, its upright size and its hashes. */
export type StoredAdImage = { key: string; width: number; height: number } & PictureHashes;

/** Stores every width under a new key; when one fails, those already written are deleted and the error thrown. */
export async function saveAdImage(store: ObjectStore, image: EncodedAdImage): Promise<StoredAdImage> {
  const key = crypto.randomBytes(16).toString('hex');
  try {
    for (const file of image.files) await store.put(adImageObjectKey(key, file.width), file.bytes, PHOTO_OBJECT);
  } catch (err) {
    await deleteAdImage(store, key).catch(() => {}); // what remains is the orphan sweep's
    throw err;
  }
  return { key, width: image.width, height: image.height, hash: image.hash, mirrorHash: image.mirrorHash };
}

/** Re-encodes and stores an image; returns its key and full size. */
export async function storeAdImage(store: ObjectStore, input: Buffer): Promise<StoredAdImage> {
  return saveAdImage(store, await encodeAdImage(input));
}

/** Deletes every width of a stored image (missing ones are fine: the goal is that none remains). */
export async function deleteAdImage(store: ObjectStore, key: string): Promise<void> {
  if (!KEY_PATTERN.test(key)) return;
  await Promise.all(AD_IMAGE_WIDTHS.map((width) => store.delete(adImageObjectKey(key, width))));
}

/** Copies a stored image under a new key (demo data reuses a pool of generated pictures). */
export async function copyAdImage(store: ObjectStore, key: string): Promise<string> {
  const copy = crypto.randomBytes(16).toString('hex');
  for (const width of AD_IMAGE_WIDTHS) {
    const object = await store.get(adImageObjectKey(key, width));
    if (!object) throw new Error('no such stored image');
    await store.put(adImageObjectKey(copy, width), object.bytes, PHOTO_OBJECT);
  }
  return copy;
}
