// Checks an uploaded picture before anything is done with it: present, at most 5 MB, a JPG or PNG (or WebP where
// allowed) by its first bytes whatever its name or declared type, and not more pixels than we decode.
import sharp from 'sharp';
import { HttpError, invalidImage } from '#api/errors.ts';
import type { MultipartForm } from '#api/http/read-multipart.ts';
import { imageJobs } from './image-jobs.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Ad photos are served 800 px wide and documents read at 2400: 24 megapixels (6000 x 4000, what cameras and phones
 * save by default) is more than enough, and bounds the memory a single decode can take.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;

type ImageType = 'jpeg' | 'png' | 'webp';

function typeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A picture over 5 MB, refused while it is still arriving (api/http/read-multipart.ts) or here. */
export const imageTooLarge = (label: string, field: string) => invalidImage(`${capitalize(label)}: la imagen pesa más de 5 MB.`, field);

/** The file's bytes once they pass every check; a 400 naming the field otherwise. */
export async function checkedImage(
  bytes: Buffer | undefined,
  field: string,
  label: string,
  options: { allowWebp?: boolean } = {},
): Promise<Buffer> {
  const refuse = (message: string) => invalidImage(message, field);
  if (!bytes || bytes.length === 0) throw refuse(`Falta ${label}.`);
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge(label, field);
  const type = typeOf(bytes);
  const allowed = options.allowWebp ? 'JPG, PNG o WebP' : 'JPG o PNG';
  if (!type || (type === 'webp' && !options.allowWebp)) throw refuse(`${capitalize(label)}: el archivo no es una imagen ${allowed}.`);
  // Reads the header only: a huge picture is refused before it is decoded.
  const size = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!size) throw refuse(`${capitalize(label)}: la imagen está dañada o no se puede leer.`);
  if ((size.width ?? 0) * (size.height ?? 0) > MAX_IMAGE_PIXELS)
    throw refuse(`${capitalize(label)}: la imagen tiene demasiados píxeles (máximo 24 megapíxeles: reducila y volvé a subirla).`);
  return bytes;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The picture uploaded as `field` (JPG, PNG or WebP), checked, then re-encoded by `encode` in its turn among the image
 * jobs: the queue's 503 when it is full, a 400 naming the field when the picture cannot be decoded.
 */
export async function encodedUpload<T>(
  form: MultipartForm,
  field: string,
  label: string,
  encode: (bytes: Buffer) => Promise<T>,
): Promise<T> {
  const bytes = await checkedImage(form.file(field)?.bytes, field, label, { allowWebp: true });
  try {
    return await imageJobs.run(() => encode(bytes));
  } catch (err) {
    if (err instanceof HttpError) throw err; // the queue is full: 503, try again shortly
    throw invalidImage(`${capitalize(label)} está dañada o no se puede leer.`, field);
  }
}

/**
 * An identity document (or a verification selfie) as it is kept: legible but bounded (2400 px), EXIF orientation
 * applied by rotate(), JPEG 85 without any metadata. Throws when the bytes do not decode.
 */
export function encodeDocument(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
