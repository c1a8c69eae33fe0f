// Finished public pages, kept per process with their compressed forms (docs/decisions/021-render-cache.md).
// An entry is served while the catalog version it was rendered at is current, its Buenos Aires day (the daily
// rotation) is today's, and it is younger than maxAgeMs (what changes with the clock alone: "disponible ahora",
// the order by views). Memory is bounded by bytes, the least recently used entry leaving first.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { buenosAiresDate } from '#shared/dates.ts';
import { AskedPages } from './asked-pages.ts';
import type { PageShows } from '#api/services/ad-stats.ts';

const GZIP_OPTIONS = { level: 6 };
const brotliOptions = (entry: CachedPage) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
});
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  key: string;
  status: number;
  /** Headers of the rendered page to send again (content type, its CSP, X-Robots-Tag). */
  headers: Record<string, string>;
  /** Made on the first answer from the cache (etagOf), like the compressed forms: a miss's render never needs it. */
  etag: string | null;
  identity: Buffer;
  /** Made on the first request that asks for them (pageIn): most pages rendered for a rare filter set never are. */
  gzip: Buffer | null;
  br: Buffer | null;
  version: number;
  /** Which ads the page shows, counted again on every answer from the cache (api/services/ad-stats.ts). */
  shows?: PageShows;
  day: string;
  storedAt: number;
  bytes: number;
}

export interface RenderCacheOptions {
  /** Reads the catalog version from the database (db/queries/catalog-version.ts). */
  readVersion: () => Promise<number>;
  maxBytes?: number;
  maxAgeMs?: number;
  /** How often the version is read again, at most. */
  checkEveryMs?: number;
  now?: () => number;
}

export interface RenderCacheStats {
  hits: number;
  misses: number;
  stores: number;
  /** Pages made once and not kept, waiting to be asked again (set's 'when-asked-again'). */
  unkept: number;
  evictions: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  version: number;
}

export class RenderCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version = -1;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  private readonly counters = { hits: 0, misses: 0, stores: 0, unkept: 0, evictions: 0 };
  /** Pages asked for before, for set's 'when-asked-again'. */
  private readonly asked = new AskedPages();
  private readonly renders = new Map<string, Promise<void>>();
  private day = '';
  private dayMinute = -1;
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  private readonly checkEveryMs: number;
  private readonly readVersion: () => Promise<number>;
  private readonly now: () => number;

  constructor(options: RenderCacheOptions) {
    this.readVersion = options.readVersion;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.checkEveryMs = options.checkEveryMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The catalog version as last read; read again when the last reading is older than checkEveryMs. Requests
   * arriving meanwhile share one reading; a failed reading keeps no entry valid (version -1) until one succeeds.
   */
  async currentVersion(): Promise<number> {
    if (this.now() - this.checkedAt >= this.checkEveryMs) {
      this.checking ??= this.readVersion()
        .then(
          (version) => {
            if (version !== this.version) this.dropAll();
            this.version = version;
            this.checkedAt = this.now();
          },
          (err: unknown) => {
            this.version = -1;
            console.error('Render cache: could not read the catalog version:', (err as Error).message);
          },
        )
        .finally(() => (this.checking = null));
      await this.checking;
    }
    return this.version;
  }

  /** Renders begun and not yet ended. */
  get rendersInFlight(): number {
    return this.renders.size;
  }

  /**
   * One render per page at a time: the first request for a missing page renders it (and calls `end` once it is
   * stored, or will not be); requests for the same page meanwhile wait for that render instead of repeating it. A
   * request that waits has asked for the page again: the render is kept even under 'when-asked-again'.
   */
  beginRender(key: string): { end: () => void } | { wait: Promise<void> } {
    const running = this.renders.get(key);
    if (running) {
      this.asked.note(key);
      return { wait: running };
    }
    let end!: () => void;
    const render = new Promise<void>((resolve) => (end = resolve));
    this.renders.set(key, render);
    return {
      end: () => {
        if (this.renders.get(key) === render) this.renders.delete(key);
        end();
      },
    };
  }

  /** Reads the version again on the next request: after a write through this process, its pages change at once. */
  checkSoon(): void {
    this.checkedAt = -Infinity;
  }

  /**
   * The entry for key when it can be answered without reading the version (the last reading is recent) and is
   * valid, counting a hit; otherwise null, counting nothing: the request goes on to currentVersion() and get().
   */
  peek(key: string): CachedPage | null {
    if (this.now() - this.checkedAt >= this.checkEveryMs) return null;
    const entry = this.entries.get(key);
    if (!entry || !this.isValid(entry, this.version)) return null;
    return this.touch(key, entry);
  }

  /** The entry for key when still valid at this version, counting a hit or a miss. */
  get(key: string, version: number): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry || !this.isValid(entry, version)) {
      if (entry) {
        // Kept once, so asked for before: made again, it is kept at once.
        this.remove(key, entry);
        this.asked.note(key);
      }
      this.counters.misses += 1;
      return null;
    }
    return this.touch(key, entry);
  }

  private isValid(entry: CachedPage, version: number): boolean {
    const now = this.now();
    return version >= 0 && entry.version === version && now - entry.storedAt < this.maxAgeMs && entry.day === this.today(now);
  }

  /** Buenos Aires' date, computed again only when the minute changes (Intl formatting costs more than a hit). */
  private today(now: number): string {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.dayMinute) {
      this.dayMinute = minute;
      this.day = buenosAiresDate(new Date(now));
    }
    return this.day;
  }

  /** Counts a hit and makes the entry the most recently used (Map keeps insertion order: the first is the oldest). */
  private touch(key: string, entry: CachedPage): CachedPage {
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counters.hits += 1;
    return entry;
  }

  /**
   * Keeps a page rendered at the current version, unless the version changed meanwhile or the page is too big; returns
   * its entry either way (one not kept is sent all the same, and its compressed forms count toward no bound).
   *
   * `keep: 'when-asked-again'` keeps it only when it was asked for before (asked-pages.ts): for a page made in well under a
   * millisecond (filled into a shell, decision 058), keeping every one-off filter set cost more than making it again.
   * Each kept page lives long enough to reach V8's old generation, then is evicted: at a thousand misses a second,
   * 40 MB/s of such garbage made a full collection every second, the longest pauses of the event loop.
   */
  set(
    key: string,
    page: Omit<CachedPage, 'key' | 'day' | 'storedAt' | 'bytes' | 'gzip' | 'br' | 'etag'>,
    keep: 'always' | 'when-asked-again' = 'always',
  ): CachedPage {
    const bytes = page.identity.length + key.length * 2 + 512;
    const entry: CachedPage = { ...page, key, etag: null, gzip: null, br: null, day: this.today(this.now()), storedAt: this.now(), bytes };
    if (page.version !== this.version || page.version < 0 || bytes > this.maxBytes / 4) return entry;
    if (keep === 'when-asked-again' && !this.asked.askedBefore(key)) {
      this.counters.unkept += 1;
      return entry;
    }
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.bytes += bytes;
    this.counters.stores += 1;
    this.evictOverBound();
    return entry;
  }

  /** The entry's ETag: a hash of its bytes, so that every process gives a page the same one (a 304 across them). */
  etagOf(entry: CachedPage): string {
    entry.etag ??= `W/"${crypto.createHash('sha1').update(entry.identity).digest('base64url').slice(0, 22)}"`;
    return entry.etag;
  }

  /**
   * The page's body in an encoding, compressed on first use (about a millisecond for a search page, in this thread)
   * and kept with the entry, whose size grows by it.
   */
  bodyIn(entry: CachedPage, encoding: 'br' | 'gzip' | 'identity'): Buffer {
    if (encoding === 'identity') return entry.identity;
    const body = entry[encoding];
    if (body) return body;
    const compressed =
      encoding === 'br' ? zlib.brotliCompressSync(entry.identity, brotliOptions(entry)) : zlib.gzipSync(entry.identity, GZIP_OPTIONS);
    this.keep(entry, encoding, compressed);
    return compressed;
  }

  /** Makes the body in an encoding in the thread pool, for a page about to be sent the first time (a miss). */
  async compress(entry: CachedPage, encoding: 'br' | 'gzip'): Promise<void> {
    if (entry[encoding]) return;
    const compressed =
      encoding === 'br' ? await brotliCompress(entry.identity, brotliOptions(entry)) : await gzip(entry.identity, GZIP_OPTIONS);
    if (!entry[encoding]) this.keep(entry, encoding, compressed);
  }

  private keep(entry: CachedPage, encoding: 'br' | 'gzip', body: Buffer): void {
    entry[encoding] = body;
    entry.bytes += body.length;
    // Still held (not evicted meanwhile): the bound counts it.
    if (this.entries.get(entry.key) === entry) {
      this.bytes += body.length;
      this.evictOverBound();
    }
  }

  private evictOverBound(): void {
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
      this.counters.evictions += 1;
    }
  }

  stats(): RenderCacheStats {
    return { ...this.counters, entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, version: this.version };
  }

  private remove(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private dropAll(): void {
    // Pages kept were asked for before: made again at the new version, they are kept at once.
    for (const key of this.entries.keys()) this.asked.note(key);
    this.entries.clear();
    this.bytes = 0;
  }
}
