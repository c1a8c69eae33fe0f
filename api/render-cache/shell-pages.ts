// Search misses filled into a shell of the page instead of rendered (docs/decisions/058-page-shells.md). The site names
// the pages it serves this way and their parts (shared/page-shell.ts, site/server/search-page-parts.ts); here the
// shells are made once per process by Astro's handler itself, with the page's markers, and checked: an address
// rendered normally and the same address filled must give the same page, byte for byte, headers included, or the
// shells are not used and every miss is rendered as before.
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { PageShell, type ShellPage } from '#shared/page-shell.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftDate } from '#shared/dates.ts';
import { finalHeaders, type AstroNodeHandler } from '#api/astro-handler.ts';
import { keptHeaders } from './middleware.ts';
import { cacheablePageOf, type CacheablePage } from './page-keys.ts';

export interface RenderedPage {
  status: number;
  /** The headers a cached copy keeps (content type, the page's one policy). */
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A page rendered by Astro's handler for a request made here, with no client: what the Koa path would have sent,
 * kept in memory. Its policy is made one, as for every page rendered per request (finalHeaders).
 */
export async function renderInternally(handler: AstroNodeHandler, locals: App.Locals, url: string): Promise<RenderedPage> {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = { host: 'localhost' };
  req.push(null);
  const res = new ServerResponse(req);
  let status = 0;
  let headers: Record<string, string> = {};
  const chunks: Buffer[] = [];
  res.writeHead = ((code: number, head?: OutgoingHttpHeaders) => {
    status = code;
    headers = keptHeaders({ ...(res.getHeaders() as Record<string, unknown>), ...(head as Record<string, unknown> | undefined) });
    return res;
  }) as ServerResponse['writeHead'];
  finalHeaders(res);
  const ended = new Promise<void>((resolve, reject) => {
    res.write = ((chunk: Uint8Array | string, encodingOrDone?: unknown, done?: unknown) => {
      chunks.push(Buffer.from(chunk));
      // Astro ends a render that fails midway by destroying the response in a write's callback.
      const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
      if (typeof callback === 'function') process.nextTick(callback as () => void);
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: Uint8Array | string | (() => void)) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      resolve();
      res.emit('finish');
      return res;
    }) as ServerResponse['end'];
    res.destroy = ((err?: Error) => {
      reject(err ?? new Error(`The render of ${url} stopped midway`));
      return res;
    }) as ServerResponse['destroy'];
  });
  let matched = true;
  await handler(req, res, () => (matched = false), locals);
  if (!matched) throw new Error(`No page at ${url}`);
  await ended;
  return { status, headers, body: Buffer.concat(chunks) };
}

interface Made {
  shells: Map<string, { shell: PageShell; headers: Record<string, string> }>;
}

/** How many times the check is tried: the catalogue may change between the two renders it compares. */
const CHECK_ATTEMPTS = 3;
/** After shells could not be made or used, how long misses are rendered before they are made again. */
const RETRY_AFTER_MS = 5 * 60_000;

/** The shells of one page (its public variant), made on the first miss that asks for them. */
export class ShellPages {
  private made: Made | null = null;
  /** Set once the shells are being made; `made` is set if they were made and passed the check. */
  private making: Promise<void> | null = null;
  /**
   * When the Buenos Aires day the shells were made on ends: they are made again each day, as what the page shows of
   * the date (the footer's year) is in the shell. Pages kept in the render cache do not outlive their day either.
   */
  private madeUntil = 0;
  private readonly handler: AstroNodeHandler;
  private readonly locals: App.Locals;
  private readonly page: ShellPage;

  constructor(handler: AstroNodeHandler, locals: App.Locals, page: ShellPage) {
    this.handler = handler;
    this.locals = locals;
    this.page = page;
  }

  /**
   * Whether a miss is filled from a shell: a GET of the page's own path, public variant, whose render may be kept,
   * once the shells are made. The first request that could be starts making them and is rendered meanwhile.
   */
  takes(method: string | undefined, pathname: string, page: CacheablePage): boolean {
    if (method !== 'GET' || pathname !== this.page.path || page.variant !== 'public' || page.fragment || !page.fills) return false;
    if (this.made && Date.now() >= this.madeUntil) {
      this.made = null;
      this.making = null;
    }
    this.making ??= this.make();
    return this.made !== null;
  }

  /** The page of a request (its normalized URL), filled, and the ads it lists. */
  async fill(url: string): Promise<RenderedPage & { listed: number[] }> {
    return this.fillWith(this.made!, url);
  }

  private async fillWith(made: Made, url: string): Promise<RenderedPage & { listed: number[] }> {
    const { shell: name, values, listed } = await this.page.partsOf(this.locals, new URL(url, 'http://localhost'));
    const shell = made.shells.get(name);
    if (!shell) throw new Error(`The page ${this.page.path} has no shell ${name}`);
    const page = shell.shell.fill(values);
    return { status: 200, headers: { ...shell.headers }, body: Buffer.from(page.buffer, page.byteOffset, page.byteLength), listed };
  }

  private async make(): Promise<void> {
    const dayEnds = buenosAiresDayStart(shiftDate(buenosAiresDate(new Date()), 0, 1)).getTime();
    try {
      const made: Made = { shells: new Map() };
      for (const [name, shellLocals] of Object.entries(this.page.shells)) {
        const rendered = await renderInternally(this.handler, { ...this.locals, ...shellLocals }, this.page.path);
        if (rendered.status !== 200) throw new Error(`its shell ${name} answered ${rendered.status}`);
        made.shells.set(name, { shell: PageShell.parse(rendered.body.toString('utf8')), headers: rendered.headers });
      }
      let difference = await this.check(made);
      for (let attempt = 1; difference && attempt < CHECK_ATTEMPTS; attempt++) difference = await this.check(made);
      if (difference) throw new Error(difference);
      this.made = made;
      this.madeUntil = dayEnds;
    } catch (err) {
      console.error(
        `Page shells: ${this.page.path} is rendered on every miss for 5 minutes, its shells could not be used:`,
        (err as Error).message,
      );
      setTimeout(() => (this.making = null), RETRY_AFTER_MS).unref();
    }
  }

  /** How a normal render and a filled shell differ at the page's check addresses, or null when they never do. */
  private async check(made: Made): Promise<string | null> {
    for (const address of this.page.checkUrls) {
      const [pathname, query = ''] = address.split('?');
      const url = cacheablePageOf('GET', pathname!, query, undefined)?.url ?? address;
      const rendered = await renderInternally(this.handler, this.locals, url);
      const filled = await this.fillWith(made, url);
      if (rendered.status !== 200) return `${url} answered ${rendered.status}`;
      if (JSON.stringify(rendered.headers) !== JSON.stringify(filled.headers)) return `${url}: the headers differ`;
      if (!rendered.body.equals(filled.body)) {
        let at = 0;
        while (rendered.body[at] === filled.body[at]) at++;
        return `${url}: the pages differ from byte ${at}`;
      }
    }
    return null;
  }
}
