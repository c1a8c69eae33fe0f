// Brotli and gzip forms of the built site's text files, written beside them at build time (x.js.br, x.js.gz), so the
// server sends static files compressed without compressing them per request (api/static-site.ts). An Astro
// integration: it runs at the end of every `astro build`, after the service worker is written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml']);
/** Below this, compression saves less than the headers cost. */
const MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Writes file.br and file.gz for each compressible file of dir; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): AstroIntegration {
  return {
    name: 'velada-precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // With the Node adapter, `dir` is the client folder: the static files.
        const count = precompressDir(fileURLToPath(dir));
        logger.info(`${count} files written compressed (brotli, gzip)`);
      },
    },
  };
}
