// Transfer receipts: a picture (JPG, PNG or WebP) or a PDF of at most 5 MB, told by its bytes. Pictures are
// decoded and re-encoded (orientation applied, metadata dropped); PDFs are kept as sent and only ever handed to
// staff as a download. Both are sealed with the identity key (api/services/identity-vault.ts).
import type { Context } from 'koa';
import sharp from 'sharp';
import { HttpError, invalidReceipt } from '#api/errors.ts';
import { checkedImage, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '#api/services/uploaded-image.ts';
import { imageJobs } from '#api/services/image-jobs.ts';

export const MAX_RECEIPT_BYTES = MAX_IMAGE_BYTES;
export type ReceiptType = 'image/webp' | 'application/pdf';

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).includes('%%EOF');

/** A receipt over 5 MB, refused while it is still arriving (api/http/read-multipart.ts) or here. */
export const receiptTooLarge = () => invalidReceipt('El comprobante pesa más de 5 MB.');

export async function checkedReceipt(bytes: Buffer | undefined): Promise<{ bytes: Buffer; type: ReceiptType }> {
  const refuse = invalidReceipt;
  if (!bytes || bytes.length === 0) throw refuse('Falta el comprobante.');
  if (bytes.length > MAX_RECEIPT_BYTES) throw receiptTooLarge();
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!isPdf(bytes)) throw refuse('El comprobante: el PDF está incompleto o dañado.');
    return { bytes, type: 'application/pdf' };
  }
  let image: Buffer;
  try {
    image = await checkedImage(bytes, 'receipt', 'el comprobante', { allowWebp: true });
  } catch (err) {
    if (err instanceof HttpError && /no es una imagen/.test(err.message))
      throw refuse('El comprobante tiene que ser una imagen (JPG, PNG o WebP) o un PDF.');
    throw err;
  }
  try {
    const bytes = await imageJobs.run(() =>
      sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer(),
    );
    return { bytes, type: 'image/webp' };
  } catch (err) {
    if (err instanceof HttpError && err.status === 503) throw err;
    throw refuse('El comprobante: la imagen está dañada o no se puede leer.');
  }
}

/** A receipt to a signed-in reader: never rendered in the site's origin as a page (a PDF downloads). */
export async function sendReceipt(ctx: Context, bytes: Buffer, type: string, reference: string): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = type;
  if (type === 'application/pdf') ctx.attachment(`comprobante-${reference}.pdf`);
  ctx.body = bytes;
}
