// Runs the built Astro SSR pages (the Node adapter in middleware mode) inside Koa, handing each render the
// database through Astro.locals so that pages read through the same db/ queries as the API.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { pagePolicy } from './middleware/security-headers.ts';

type AstroNodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

export async function loadAstroHandler(distDir: string): Promise<AstroNodeHandler | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroNodeHandler };
  return mod.handler;
}

export function astroPages(handler: AstroNodeHandler, locals: App.Locals): Middleware {
  return async (ctx, next) => {
    let matched = true;
    onePolicy(ctx.res);
    // The adapter writes straight to the Node response; Koa must not answer as well.
    ctx.respond = false;
    await handler(ctx.req, ctx.res, () => (matched = false), locals);
    if (!matched) {
      ctx.respond = true;
      await next();
    }
  };
}

/**
 * SSR responses carry Astro's CSP header (script and style hashes). It becomes the only policy, with what the
 * server adds (frame-ancestors): two headers would be two policies, and the server's default has no hashes.
 */
function onePolicy(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    const astroPolicy = headers?.['content-security-policy'];
    if (headers && astroPolicy) {
      res.removeHeader('content-security-policy');
      (headers as Record<string, unknown>)['content-security-policy'] = pagePolicy(String(astroPolicy));
    }
    return writeHead(status, headers);
  }) as ServerResponse['writeHead'];
}
