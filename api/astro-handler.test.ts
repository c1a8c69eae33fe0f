// A page whose render fails mid-stream ends its response (Astro writes "Internal server error" and destroys the
// response in that write's callback), also when the response is compressed: `compression` drops write callbacks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { describe, expect, it } from 'vitest';
import { keepWriteCallbacks } from './astro-handler.ts';
import { BUSY_PAGE, TOO_MANY_PAGES_PAGE } from './render-slots.ts';

type NodeMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

describe('keepWriteCallbacks', () => {
  it('lets the response of a render that fails mid-stream end, compressed or not', async () => {
    const gzip = compression({ threshold: 0 }) as unknown as NodeMiddleware;
    const server = http.createServer((req, res) =>
      gzip(req, res, () => {
        keepWriteCallbacks(res);
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><p>Empieza la página'.repeat(100));
        // What Astro's adapter does when the page's stream throws.
        res.write('Internal server error', () => res.destroy(new Error('the render failed')));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/buscar`;
    try {
      for (const encoding of ['gzip', 'identity']) {
        const outcome = await new Promise<string>((resolve) => {
          const req = http.get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            res.resume();
            res.on('end', () => resolve('ended'));
            res.on('error', () => resolve('cut off'));
            res.on('close', () => resolve('cut off'));
          });
          req.on('error', () => resolve('cut off'));
          req.setTimeout(5_000, () => resolve('still open after 5 s'));
        });
        // Cut off, as a failed render must be: never left open.
        expect(outcome, encoding).toBe('cut off');
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

it('the busy and too-many pages are rated adult and kept out of search engines, like every page', () => {
  for (const page of [BUSY_PAGE, TOO_MANY_PAGES_PAGE]) {
    expect(page).toContain('<meta name="rating" content="adult">');
    expect(page).toContain('<meta name="robots" content="noindex">');
  }
});
