// Reads a multipart/form-data body (forms with files) with a hard size limit: a declared Content-Length over
// the limit is refused before reading, and a body that grows past it is cut off while streaming. Parsing is the
// platform's own (undici's Request.formData), so no extra dependency handles untrusted bytes.
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { invalidForm, notMultipart, payloadTooLarge } from '#api/errors.ts';

export async function readMultipart(ctx: Context, options: { limitBytes: number }): Promise<FormData> {
  if (!ctx.is('multipart/form-data')) throw notMultipart();
  if (Number(ctx.get('Content-Length') || 0) > options.limitBytes) throw payloadTooLarge(options.limitBytes);
  let tooLarge = false;
  const source = ctx.req as AsyncIterable<Buffer>;
  const counted = Readable.from(
    (async function* () {
      let size = 0;
      for await (const chunk of source) {
        size += chunk.length;
        if (size > options.limitBytes) {
          tooLarge = true;
          throw payloadTooLarge(options.limitBytes);
        }
        yield chunk;
      }
    })(),
  );
  const request = new Request('http://localhost/', {
    method: 'POST',
    headers: { 'content-type': ctx.get('Content-Type') },
    body: Readable.toWeb(counted) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  try {
    return await request.formData();
  } catch {
    if (tooLarge) {
      ctx.set('Connection', 'close');
      throw payloadTooLarge(options.limitBytes);
    }
    throw invalidForm();
  }
}
