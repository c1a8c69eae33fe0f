// The per-address limit on the memory store: a budget per window, a Spanish 429 with Retry-After past it, a fresh
// budget in the next window, addresses counted apart, and a request counted once however often it is asked about.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'koa';
import { rateLimit } from './rate-limit.ts';
import { HttpError } from '#api/errors.ts';
import { memoryRateLimitStore } from '#api/services/rate-limit-store.ts';

function call(limit: ReturnType<typeof rateLimit>, ip: string, req: object = {}): Promise<number> {
  const headers: Record<string, string> = {};
  const ctx = { ip, req, state: {}, set: (name: string, value: string) => (headers[name] = value) } as unknown as Context;
  return limit(ctx, async () => undefined).then(
    () => 200,
    (err: unknown) => {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).message).toBe('Demasiadas solicitudes. Esperá un momento y volvé a intentar.');
      expect(Number(headers['Retry-After'])).toBeGreaterThan(0);
      return (err as HttpError).status;
    },
  );
}

const limitOf = (max: number) => rateLimit(memoryRateLimitStore().budget('test', { windowMs: 60_000, max }));

afterEach(() => vi.useRealTimers());

describe('rateLimit', () => {
  it('allows max requests per address and window, then 429 until the window ends', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const limit = limitOf(3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call(limit, '10.0.0.1'));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address has its own budget; so does everyone once the window is over.
    expect(await call(limit, '10.0.0.2')).toBe(200);
    vi.advanceTimersByTime(60_000);
    expect(await call(limit, '10.0.0.1')).toBe(200);
  });

  it('keeps counting right with many addresses in one window', async () => {
    const limit = limitOf(1);
    for (let i = 0; i < 30_000; i++) await call(limit, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(await call(limit, '10.0.0.5')).toBe(429);
    expect(await call(limit, '10.200.0.1')).toBe(200);
  });

  it('counts a request once, whichever path asks about it (the analytics fast path, then Koa)', async () => {
    const limit = limitOf(2);
    const req = {};
    expect([await call(limit, '10.0.0.1', req), await call(limit, '10.0.0.1', req)]).toEqual([200, 200]);
    expect(await call(limit, '10.0.0.1')).toBe(200);
    expect(await call(limit, '10.0.0.1')).toBe(429);
  });

  it('refuses a name given twice: two limits would share one counter', () => {
    const store = memoryRateLimitStore();
    store.budget('login', { windowMs: 60_000, max: 5 });
    expect(() => store.budget('login', { windowMs: 60_000, max: 5 })).toThrow(/made twice/);
  });
});
