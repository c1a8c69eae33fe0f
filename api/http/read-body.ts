// Reads a small request body with a hard size limit: a declared Content-Length over the limit is refused before
// a byte is read, and a body that grows past it while streaming is cut off. Only the listed media types pass.
import type { Context } from 'koa';
import { HttpError, incompleteBody, invalidJson, notJson, payloadTooLarge } from '#api/errors.ts';

export interface ReadBodyOptions {
  limitBytes: number;
  /** Accepted media types, e.g. ['application/json', 'text/plain'] (text/plain: navigator.sendBeacon). */
  types: string[];
}

const PRE_READ = Symbol('body read before Koa');

/** A body the analytics fast path read before handing the request to Koa (api/routes/analytics/beacon-path.ts). */
export function setPreReadBody(req: object, body: Buffer): void {
  (req as { [PRE_READ]?: Buffer })[PRE_READ] = body;
}

export async function readJsonBody(ctx: Context, options: ReadBodyOptions): Promise<unknown> {
  if (!ctx.is(options.types)) throw notJson();
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > options.limitBytes) throw payloadTooLarge(options.limitBytes);
  const preRead = (ctx.req as { [PRE_READ]?: Buffer })[PRE_READ];
  if (preRead) return parseJson(preRead.toString('utf8'));

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.limitBytes) {
        // Stop reading; the connection closes after the answer instead of draining an endless body.
        ctx.set('Connection', 'close');
        throw payloadTooLarge(options.limitBytes);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The client went away mid-body: nothing to answer, nothing to log.
    throw incompleteBody();
  }
  return parseJson(Buffer.concat(chunks).toString('utf8'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}
