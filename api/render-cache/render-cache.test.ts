// The render cache's own rules: entries valid only at the version, day and age they were stored at; memory bounded
// by bytes with the least recently used entry leaving first; pages that are cheap to make kept from their second
// miss; no entry valid while the version cannot be read.
import { describe, expect, it, vi } from 'vitest';
import zlib from 'node:zlib';
import { RenderCache } from './render-cache.ts';
import { ASKED_KEYS } from './asked-pages.ts';

const page = (version: number, size = 1000) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  identity: Buffer.from(Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('')),
  version,
});

describe('RenderCache', () => {
  it('keeps entries within its byte bound, dropping the least recently used first', async () => {
    const cache = new RenderCache({ readVersion: async () => 7, maxBytes: 10_000 });
    const v = await cache.currentVersion();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      cache.set(key, page(v));
      cache.get('a', v); // 'a' stays the most recently used
    }
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(10_000);
    expect(stats.evictions).toBeGreaterThan(0);
    expect(cache.get('a', v)).not.toBeNull();
    expect(cache.get('b', v)).toBeNull();
    expect(cache.get('h', v)).not.toBeNull();
    // A page larger than a quarter of the bound is not kept at all.
    cache.set('huge', page(v, 4000));
    expect(cache.get('huge', v)).toBeNull();
  });

  it('compresses a page when first asked for an encoding, counting it within the bound', async () => {
    const cache = new RenderCache({ readVersion: async () => 3, maxBytes: 20_000 });
    const v = await cache.currentVersion();
    cache.set('a', page(v, 2000));
    const entry = cache.get('a', v)!;
    expect(entry.br).toBeNull();
    const before = cache.stats().bytes;
    const br = cache.bodyIn(entry, 'br');
    expect(zlib.brotliDecompressSync(br).equals(entry.identity)).toBe(true);
    expect(cache.bodyIn(entry, 'br')).toBe(br);
    expect(zlib.gunzipSync(cache.bodyIn(entry, 'gzip')).equals(entry.identity)).toBe(true);
    expect(cache.stats().bytes).toBe(before + br.length + entry.gzip!.length);
    expect(cache.bodyIn(entry, 'identity')).toBe(entry.identity);
  });

  it('reads the version at most every checkEveryMs, drops everything when it moves, and refuses pages of an older one', async () => {
    let version = 1;
    let now = 0;
    const readVersion = vi.fn(async () => version);
    const cache = new RenderCache({ readVersion, checkEveryMs: 1000, now: () => now });
    expect(await cache.currentVersion()).toBe(1);
    cache.set('a', page(1));
    version = 2;
    now = 500;
    expect(await cache.currentVersion()).toBe(1);
    expect(readVersion).toHaveBeenCalledTimes(1);
    now = 1000;
    expect(await cache.currentVersion()).toBe(2);
    expect(cache.stats().entries).toBe(0);
    // A page rendered at version 1 and stored after the move is not kept.
    cache.set('late', page(1));
    expect(cache.stats().entries).toBe(0);
    // A page kept at the old version was asked for before: made at the new one, it is kept at its first miss.
    cache.set('a', page(2), 'when-asked-again');
    expect(cache.get('a', 2)).not.toBeNull();
  });

  it("keeps a page offered 'when-asked-again' on its second miss only, remembering a bounded number of keys", async () => {
    const cache = new RenderCache({ readVersion: async () => 3 });
    const v = await cache.currentVersion();
    const first = cache.set('once', page(v), 'when-asked-again');
    // Sent all the same: the entry comes back, not kept.
    expect(first.identity.length).toBe(1000);
    expect(cache.get('once', v)).toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 0, stores: 0, unkept: 1 });
    cache.set('once', page(v), 'when-asked-again');
    expect(cache.get('once', v)).not.toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 1, stores: 1, unkept: 1 });

    // Asked for while being made, or kept and then out of date: asked for before, kept when made (again).
    cache.beginRender('waited');
    expect('wait' in cache.beginRender('waited')).toBe(true);
    cache.set('waited', page(v), 'when-asked-again');
    expect(cache.get('waited', v)).not.toBeNull();
    expect(cache.get('once', v + 1)).toBeNull(); // out of date: removed
    cache.set('once', page(v), 'when-asked-again');
    expect(cache.get('once', v)).not.toBeNull();

    // The oldest key asked once is forgotten past ASKED_KEYS: its next miss is a first one again.
    const small = page(v, 10);
    cache.set('forgotten', small, 'when-asked-again');
    for (let i = 0; i < ASKED_KEYS; i++) cache.set(`k${i}`, small, 'when-asked-again');
    cache.set('forgotten', small, 'when-asked-again');
    expect(cache.get('forgotten', v)).toBeNull();
    cache.set(`k${ASKED_KEYS - 1}`, small, 'when-asked-again');
    expect(cache.get(`k${ASKED_KEYS - 1}`, v)).not.toBeNull();
  });

  it('serves nothing while the version cannot be read', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const cache = new RenderCache({
      readVersion: async () => {
        if (fail) throw new Error('database down');
        return 3;
      },
      checkEveryMs: 0,
    });
    cache.set('a', page(await cache.currentVersion()));
    fail = true;
    expect(await cache.currentVersion()).toBe(-1);
    expect(cache.get('a', -1)).toBeNull();
    errors.mockRestore();
  });
});
