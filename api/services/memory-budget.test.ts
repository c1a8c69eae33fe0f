import { describe, expect, it } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryBudget } from './memory-budget.ts';

describe('MemoryBudget', () => {
  it('allows max requests per key and window, then refuses with the time left', async () => {
    let now = 1_000;
    const budget = new MemoryBudget({ max: 2, windowMs: 10_000, now: () => now });
    await budget.consume('a');
    await budget.consume('a');
    const refusal = await budget.consume('a').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect((refusal as RateLimiterRes).msBeforeNext).toBe(10_000);
    await budget.consume('b');
    now += 10_000;
    await budget.consume('a');
  });

  it('keeps at most maxKeys keys, dropping ended windows first, then the one ending soonest', async () => {
    let now = 0;
    const budget = new MemoryBudget({ max: 1, windowMs: 1_000, maxKeys: 3, now: () => now });
    for (const key of ['a', 'b', 'c']) {
      await budget.consume(key);
      now += 100;
    }
    // Full: a new key takes the place of the window ending soonest ('a').
    await budget.consume('d');
    expect(budget.size).toBe(3);
    await expect(budget.consume('b')).rejects.toBeInstanceOf(RateLimiterRes);
    await budget.consume('a');
    // A flood of new keys never grows it past the bound.
    for (let i = 0; i < 1_000; i += 1) await budget.consume(`flood-${i}`);
    expect(budget.size).toBe(3);
    // Once every window ended, they all go.
    now += 10_000;
    await budget.consume('e');
    expect(budget.size).toBe(1);
  });
});
