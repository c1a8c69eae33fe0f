// Which ad statistics count, in memory: once per source, ad and kind a day, within the source's daily caps, with a
// bounded memory; the source is kept only as a hash under the day's key.
import { describe, expect, it, vi } from 'vitest';
import { MemoryStatsOnce, sourceTag, type StatEvent } from './stats-once.ts';

const view = (adId: number): StatEvent => ({ adId, kind: 'views' });
const CAPS = { impressions: 3, views: 2, contacts: 2 };

describe('MemoryStatsOnce', () => {
  it('admits a source once per ad and kind a day, and again the next day', () => {
    const once = new MemoryStatsOnce({ perSource: { impressions: 100, views: 100, contacts: 100 } });
    const listed = [1, 2, 2].map((adId): StatEvent => ({ adId, kind: 'impressions' }));
    expect(once.admit('192.0.2.1', '2026-03-10', listed)).toEqual(listed.slice(0, 2));
    expect(once.admit('192.0.2.1', '2026-03-10', [...listed, view(1)])).toEqual([view(1)]);
    const contacts: StatEvent[] = [
      { adId: 1, kind: 'phoneReveals' },
      { adId: 1, kind: 'whatsappOpens' },
    ];
    expect(once.admit('192.0.2.1', '2026-03-10', contacts)).toEqual(contacts);
    expect(once.admit('192.0.2.1', '2026-03-10', contacts)).toEqual([]);
    expect(once.admit('192.0.2.2', '2026-03-10', [view(1)])).toEqual([view(1)]);
    expect(once.admit('192.0.2.1', '2026-03-11', [view(1)])).toEqual([view(1)]);
  });

  it("caps each source's counts a day across all ads, appearances, views and contacts apart", () => {
    const once = new MemoryStatsOnce({ perSource: CAPS });
    const day = '2026-03-10';
    expect(once.admit('192.0.2.1', day, [1, 2, 3].map(view))).toEqual([view(1), view(2)]);
    expect(once.admit('192.0.2.1', day, [view(4)])).toEqual([]);
    expect(once.admit('192.0.2.1', day, [{ adId: 4, kind: 'impressions' }])).toHaveLength(1);
    expect(once.admit('192.0.2.2', day, [view(4)])).toEqual([view(4)]);
    // The next day starts afresh.
    expect(once.admit('192.0.2.1', '2026-03-11', [view(4)])).toEqual([view(4)]);
  });

  it('remembers at most maxSeen a day: past it, nothing new counts until the next day, and it says so once', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const once = new MemoryStatsOnce({ maxSeen: 3 });
    expect(once.admit('192.0.2.1', '2026-03-10', [1, 2].map(view))).toHaveLength(2);
    expect(once.admit('192.0.2.2', '2026-03-10', [1, 2].map(view))).toEqual([view(1)]);
    expect(once.admit('192.0.2.3', '2026-03-10', [view(1)])).toEqual([]);
    // Those seen stay seen.
    expect(once.admit('192.0.2.1', '2026-03-10', [view(1)])).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0])).not.toContain('192.0.2');
    errors.mockRestore();
    expect(once.admit('192.0.2.3', '2026-03-11', [view(1)])).toEqual([view(1)]);
  });

  it('remembers at most maxSources a day: past it, a new source does not count, those known still do', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const once = new MemoryStatsOnce({ maxSources: 2 });
    expect(once.admit('192.0.2.1', '2026-03-10', [view(1)])).toHaveLength(1);
    expect(once.admit('192.0.2.2', '2026-03-10', [view(1)])).toHaveLength(1);
    expect(once.admit('192.0.2.3', '2026-03-10', [view(1)])).toEqual([]);
    expect(once.admit('192.0.2.1', '2026-03-10', [view(2)])).toEqual([view(2)]);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it("keeps no address: a source's hash depends on the day's key, which is random", () => {
    const once = new MemoryStatsOnce();
    once.admit('192.0.2.1', '2026-03-10', [view(1)]);
    const kept = JSON.stringify(once, (_key, value: unknown) => (value instanceof Set || value instanceof Map ? [...value] : value));
    expect(kept).not.toContain('192.0.2.1');
    expect(sourceTag('one key', '192.0.2.1')).not.toBe(sourceTag('another key', '192.0.2.1'));
  });
});
