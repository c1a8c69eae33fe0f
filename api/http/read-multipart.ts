// Reads a multipart/form-data body (forms with files) as it streams in, with busboy, never the whole body at once.
// Every limit is checked while reading: the whole body, each file, the number of files and fields, each field's
// size and each part's headers (busboy's 16 KB). The first limit passed is answered at once; what is left of the
// body is then thrown away unparsed and unbuffered, and the connection cut if it goes on past the form's limit
// (like nginx's lingering close, so that the client still reads the answer). Few uploads are parsed at a time per
// process: past them, a 503 with Retry-After before a byte of the body is read.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { Context } from 'koa';
import { fieldTooLarge, incompleteBody, invalidForm, notMultipart, payloadTooLarge, tooManyParts, uploadsBusy } from '#api/errors.ts';
import type { HttpError } from '#api/errors.ts';
import { Bulkhead } from '#api/services/bulkhead.ts';

export interface UploadedFile {
  /** The name the browser gave: never trusted (stored files get generated names). */
  filename: string;
  /** As the browser declared it: callers tell the type from the bytes. */
  type: string;
  bytes: Buffer;
}

/** A parsed form: its text fields and files, the first of each name (as FormData.get). */
export class MultipartForm {
  private readonly fields: Map<string, string>;
  private readonly files: Map<string, UploadedFile>;
  constructor(fields: Map<string, string>, files: Map<string, UploadedFile>) {
    this.fields = fields;
    this.files = files;
  }
  text(name: string): string | undefined {
    return this.fields.get(name);
  }
  file(name: string): UploadedFile | undefined {
    return this.files.get(name);
  }
}

export interface MultipartLimits {
  /** How many files the form may carry, and the most bytes each. */
  files: number;
  fileBytes: number;
  /** The answer when a file passes fileBytes: the caller's own message, naming the field. */
  fileTooLarge: (field: string) => HttpError;
  /** How many text fields (10 by default), and the most bytes each (1 KB by default). */
  fields?: number;
  fieldBytes?: number;
  /** The whole body's limit: by default the files' and 64 KB for the rest (formLimitBytes). */
  bodyBytes?: number;
}

/** Room in the whole body's limit above the files: text fields, part headers, boundaries. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The process's upload parsing: four at a time, none waiting (an upload is held by a client, not by us). */
export const uploadParsing = new Bulkhead({ concurrency: 4, maxWaiting: 0, busy: uploadsBusy });

/** The most bytes a form with these limits may take, headers and text fields included. */
export const formLimitBytes = (limits: Pick<MultipartLimits, 'files' | 'fileBytes' | 'bodyBytes'>) =>
  limits.bodyBytes ?? limits.files * limits.fileBytes + FORM_OVERHEAD_BYTES;

/**
 * A form of one file (a photo, a selfie, a receipt): room in the body for a file a little over its limit, so that it is
 * read up to that limit and refused with its own message (fileTooLarge), not a bare 413.
 */
export const oneFileForm = (fileBytes: number, fileTooLarge: () => HttpError): MultipartLimits => ({
  files: 1,
  fileBytes,
  fileTooLarge,
  bodyBytes: 2 * fileBytes,
});

export async function readMultipart(ctx: Context, limits: MultipartLimits): Promise<MultipartForm> {
  if (!ctx.is('multipart/form-data')) throw notMultipart();
  const limitBytes = formLimitBytes(limits);
  if (Number(ctx.get('Content-Length') || 0) > limitBytes) {
    discard(ctx.req, limitBytes);
    throw payloadTooLarge(limitBytes);
  }
  try {
    return await uploadParsing.run(() => parse(ctx.req, limits, limitBytes));
  } catch (err) {
    // Busy: the body was never read (a form parse refused is already being discarded, by parse).
    if (ctx.req.listenerCount('data') === 0) discard(ctx.req, limitBytes);
    throw err;
  }
}

/** Throws the rest of a refused body away as it comes, and cuts the connection past `budget` bytes. */
function discard(req: IncomingMessage, budget: number): void {
  if (req.complete || req.destroyed) return;
  let left = budget;
  req.on('error', () => {});
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) req.socket.destroy();
  });
  req.resume();
}

function parse(req: IncomingMessage, limits: MultipartLimits, limitBytes: number): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, UploadedFile>();
    const fieldCount = limits.fields ?? 10;
    let parser: busboy.Busboy;
    try {
      // One byte over each limit: busboy reports a file or field that reaches its limit, we refuse one that passes it.
      parser = busboy({
        headers: req.headers,
        limits: {
          files: limits.files,
          fileSize: limits.fileBytes + 1,
          fields: fieldCount,
          fieldSize: (limits.fieldBytes ?? 1024) + 1,
          // Told once that many parts have ended: one more than a whole form has.
          parts: limits.files + fieldCount + 1,
        },
      });
    } catch {
      discard(req, limitBytes);
      return reject(invalidForm()); // not multipart/form-data with a boundary
    }
    let size = 0;
    let openFiles = 0;
    let parsed = false;
    let settled = false;

    const settle = (error?: HttpError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
      if (!error) return resolve(new MultipartForm(fields, files));
      parser.removeAllListeners().on('error', () => {});
      process.nextTick(() => parser.destroy()); // not from inside its own write
      discard(req, limitBytes);
      reject(error);
    };
    const finishIfDone = () => {
      if (parsed && openFiles === 0) settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) return settle(payloadTooLarge(limitBytes));
      if (!parser.write(chunk) && !settled) {
        req.pause();
        parser.once('drain', () => req.resume());
      }
    };
    const onEnd = () => parser.end();
    const onClose = () => {
      if (!req.complete) settle(incompleteBody()); // the client went away mid-body
    };
    const onError = () => settle(incompleteBody());

    parser.on('file', (name, stream, info) => {
      openFiles++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => settle(limits.fileTooLarge(name)));
      stream.on('error', () => {}); // told by the parser's own error
      stream.on('end', () => {
        openFiles--;
        if (!files.has(name)) files.set(name, { filename: info.filename ?? '', type: info.mimeType, bytes: Buffer.concat(chunks) });
        finishIfDone();
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return settle(fieldTooLarge(name));
      if (!fields.has(name)) fields.set(name, value);
    });
    for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit']) parser.on(event, () => settle(tooManyParts()));
    parser.on('error', () => settle(invalidForm()));
    parser.on('finish', () => {
      parsed = true;
      finishIfDone();
    });

    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onError);
  });
}
