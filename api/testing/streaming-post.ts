// A POST through node:http whose body is written a chunk at a time, as the socket takes it, for as long as `next`
// gives chunks (an endless body never ends): the answer can come while the body is still being sent, and the
// test learns whether the whole body went out before it.
import http from 'node:http';

export interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { error?: { code: string; message: string; field?: string } };
  /** Whether the client had sent its whole body when the answer came. */
  bodySent: boolean;
}

export function streamingPost(url: string, headers: Record<string, string>, next: () => Buffer | null): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let bodySent = false;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      const sent = bodySent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {}, bodySent: sent });
        req.destroy();
      });
    });
    // Once answered, a reset of the rest of the body is expected.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const write = () => {
      while (!answered) {
        const chunk = next();
        if (!chunk) {
          req.end(() => (bodySent = true));
          return;
        }
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
    };
    write();
  });
}

/** A multipart body's pieces, written as a browser writes them. */
export const BOUNDARY = '----veladaPrueba7MA4YWxkTrZu0gW';
export const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
export const textPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
export const fileHead = (name: string, filename = 'foto.jpg', type = 'image/jpeg') =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
export const filePart = (name: string, bytes: Buffer, filename?: string) =>
  Buffer.concat([fileHead(name, filename), bytes, Buffer.from('\r\n')]);
export const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

/** The chunks in turn, then `rest()` for as long as it gives chunks (forever when it always does). */
export function chunksOf(first: Buffer[], rest: () => Buffer | null = () => null): () => Buffer | null {
  let i = 0;
  return () => (i < first.length ? first[i++]! : rest());
}
