// The fast path's answers (api/fast-path.ts): what a response needs (Ready), the answer made from it for one encoding
// (Made), kept per file or cached page so that a hit does not build the same headers again, and sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesEtag, type Encoding } from './http/encoding.ts';

/** What a response needs to be sent: its headers (names in lower case) besides the security ones, an ETag, its body. */
export interface Ready {
  status: number;
  headers: Record<string, string>;
  /** Absent for a page just filled (a miss, sendPage). */
  etag?: string;
  /** Whether it has compressed forms (then it varies on Accept-Encoding). */
  compressible: boolean;
  /** The body in the wanted encoding, or in the best one it has (identity, or gzip for br). */
  body: (wanted: Encoding) => { bytes: Buffer; encoding: Encoding };
}

/** An answer ready to send: its status, every header but Date and the connection's, its body, its ETag if any. */
export interface Made {
  status: number;
  headers: Record<string, string | number>;
  bytes: Buffer;
  etag: string | undefined;
}

/**
 * The answers made for a file or a cached page, per encoding: a hit then costs a lookup instead of building the same
 * seventeen headers again. Weak keys: they go with the page when the render cache drops it.
 */
const madeFor = new WeakMap<object, Partial<Record<Encoding, Made>>>();

export function keptMade(holder: object, wanted: Encoding, make: () => Made): Made {
  let forms = madeFor.get(holder);
  if (!forms) madeFor.set(holder, (forms = {}));
  return (forms[wanted] ??= make());
}

export function made(security: Record<string, string>, ready: Ready, wanted: Encoding): Made {
  const headers: Record<string, string | number> = { ...security, ...ready.headers };
  if (ready.etag) headers.ETag = ready.etag;
  if (ready.compressible) headers.Vary = 'Accept-Encoding';
  const { bytes, encoding } = ready.body(ready.compressible ? wanted : 'identity');
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = bytes.length;
  return { status: ready.status, headers, bytes, etag: ready.etag };
}

export function sendMade(req: IncomingMessage, res: ServerResponse, answer: Made): void {
  if (answer.etag && matchesEtag(req.headers['if-none-match'], answer.etag)) {
    const { 'Content-Length': _length, 'Content-Encoding': _encoding, ...headers } = answer.headers;
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.bytes);
}
