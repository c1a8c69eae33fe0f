// The few places where pages are rendered per request (tens of milliseconds of the one JavaScript thread each),
// shared fairly between sources (api/http/request-source.ts). A few render at a time and more wait briefly; past
// that, or after waiting 3 s, the visitor gets a short 503 page at once. While every place is taken, a source that
// already holds its share gets a 429 instead of a place in the queue: one client flooding uncached searches kept
// the other visitors' searches waiting until they got the 503 (finding 6 of the second round). Refusals are
// answered as soon as a miss is known (api/render-cache/middleware.ts), before compression and the routers.
import type { Context } from 'koa';
import { Bulkhead } from './services/bulkhead.ts';
import type { HttpError } from './errors.ts';
import { serverBusy, tooManyPages } from './errors.ts';

/** Renders one source may have running or waiting while every place is taken. */
export const RENDER_SHARE_PER_SOURCE = 2;

export class RenderSlots {
  private readonly bulkhead: Bulkhead;
  private readonly perSource = new Map<string, number>();
  private readonly share: number;

  constructor(options: { concurrency?: number; maxWaiting?: number; maxWaitMs?: number; sharePerSource?: number } = {}) {
    this.bulkhead = new Bulkhead({
      concurrency: options.concurrency ?? 8,
      maxWaiting: options.maxWaiting ?? 200,
      maxWaitMs: options.maxWaitMs ?? 3000,
      busy: serverBusy,
    });
    this.share = options.sharePerSource ?? RENDER_SHARE_PER_SOURCE;
  }

  /**
   * Why a render for `source` would be refused now, or null. This machine's own address (a proxy on it without
   * TRUST_PROXY, where every visitor has that address; the benchmarks) is never limited to a share.
   */
  refusal(source: string, address: string): HttpError | null {
    const { active, waiting } = this.bulkhead.size;
    if (waiting >= this.bulkhead.maxWaiting) return serverBusy();
    const full = active >= this.bulkhead.concurrency;
    if (full && !isLoopback(address) && (this.perSource.get(source) ?? 0) >= this.share) return tooManyPages();
    return null;
  }

  /** Runs the render when a place is free; throws the refusal (429 or 503) otherwise. */
  async run<T>(source: string, address: string, render: () => Promise<T>): Promise<T> {
    const refused = this.refusal(source, address);
    if (refused) throw refused;
    this.perSource.set(source, (this.perSource.get(source) ?? 0) + 1);
    try {
      return await this.bulkhead.run(render);
    } finally {
      const left = (this.perSource.get(source) ?? 1) - 1;
      if (left > 0) this.perSource.set(source, left);
      else this.perSource.delete(source);
    }
  }

  get size(): { active: number; waiting: number; sources: number } {
    return { ...this.bulkhead.size, sources: this.perSource.size };
  }
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const pageOf = (title: string, heading: string) =>
  '<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="rating" content="adult"><meta name="robots" content="noindex">' +
  `<title>${title} | Velada</title></head><body><main><h1>${heading}</h1>` +
  '<p>Probá de nuevo en unos segundos.</p></main></body></html>';

export const BUSY_PAGE = pageOf('Mucho tráfico', 'Hay mucho tráfico en este momento');
export const TOO_MANY_PAGES_PAGE = pageOf('Demasiadas solicitudes', 'Pediste muchas páginas a la vez');

/** Answers a page request refused by the render slots: a short HTML page with Retry-After, never stored. */
export function answerRenderRefusal(ctx: Context, err: HttpError): void {
  ctx.respond = true;
  ctx.status = err.status;
  ctx.set('Retry-After', String(err.retryAfterSeconds ?? 2));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = refusalPage(err);
}

export const refusalPage = (err: HttpError): string => (err.status === 429 ? TOO_MANY_PAGES_PAGE : BUSY_PAGE);
