// A card's clock-dependent parts follow its facts at the moment it is shown (so facts kept with the search index
// stay right while the index lives), and kept facts are read once per index.
import { describe, expect, it } from 'vitest';
import { KEPT_CARDS, cardAt, keptCardFacts, type CardFacts } from './ad-cards.ts';

const NOON = Date.parse('2026-11-27T15:00:00Z'); // 12:00 in Buenos Aires
const HOUR = 3_600_000;

function facts(id: number, more: Partial<CardFacts> = {}): CardFacts {
  return {
    card: {
      id,
      slug: `aviso-${id}`,
      title: `Aviso ${id}`,
      excerpt: 'Texto',
      category: 'masajes',
      barrio: 'palermo',
      pricePerHour: 30000,
      hourlyRatesDiffer: false,
      hasRates: true,
      photosVerified: false,
      photosVerifiedAt: null,
      image: null,
      publishedAt: new Date(NOON - 24 * HOUR),
    },
    plan: 'gratuito',
    planExpiresAt: null,
    birthDate: null,
    windows: [],
    readAt: NOON,
    ...more,
  };
}

describe('cardAt', () => {
  it('shows a paid plan until its end, then gratuito', () => {
    const vip = facts(1, { plan: 'vip', planExpiresAt: NOON + HOUR });
    expect(cardAt(vip, new Date(NOON)).plan).toBe('vip');
    expect(cardAt(vip, new Date(NOON + HOUR)).plan).toBe('gratuito');
  });

  it('counts the age on the Buenos Aires day shown', () => {
    const birthday = facts(1, { birthDate: '1996-11-28' });
    expect(cardAt(birthday, new Date(NOON)).age).toBe(29);
    expect(cardAt(birthday, new Date(NOON + 12 * HOUR)).age).toBe(30);
  });

  it('says "Disponible ahora" only while a window is in force and "Hoy no atiendo" is not', () => {
    const available = { kind: 'available' as const, startsAt: NOON - HOUR, endsAt: NOON + HOUR };
    const later = { kind: 'available' as const, startsAt: NOON + 2 * HOUR, endsAt: NOON + 3 * HOUR };
    expect(cardAt(facts(1, { windows: [available, later] }), new Date(NOON)).availableUntil).toEqual(new Date(NOON + HOUR));
    expect(cardAt(facts(1, { windows: [available, later] }), new Date(NOON + HOUR)).availableUntil).toBeNull();
    expect(cardAt(facts(1, { windows: [available, later] }), new Date(NOON + 2 * HOUR)).availableUntil).toEqual(new Date(NOON + 3 * HOUR));
    const off = { kind: 'off' as const, startsAt: NOON - 2 * HOUR, endsAt: NOON + 12 * HOUR };
    expect(cardAt(facts(1, { windows: [available, off] }), new Date(NOON)).availableUntil).toBeNull();
  });
});

describe('keptCardFacts', () => {
  it('reads only the ids it does not keep for that index, leaving out those not found', async () => {
    const index = {};
    const asked: number[][] = [];
    const read = async (ids: number[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== 3).map((id) => facts(id));
    };
    const at = new Date(NOON);
    expect((await keptCardFacts(index, [1, 2, 3], at, read)).map((f) => f.card.id)).toEqual([1, 2]);
    expect((await keptCardFacts(index, [4, 2, 1], at, read)).map((f) => f.card.id)).toEqual([4, 2, 1]);
    expect((await keptCardFacts({}, [1], at, read)).map((f) => f.card.id)).toEqual([1]);
    expect(asked).toEqual([[1, 2, 3], [4], [1]]);
  });

  it('reads again for an instant before the facts were read (their windows may have ended by then)', async () => {
    const index = {};
    const asked: number[][] = [];
    const read = async (ids: number[]) => {
      asked.push(ids);
      return ids.map((id) => facts(id));
    };
    await keptCardFacts(index, [1], new Date(NOON), read);
    await keptCardFacts(index, [1], new Date(NOON + HOUR), read);
    await keptCardFacts(index, [1], new Date(NOON - HOUR), read);
    expect(asked).toEqual([[1], [1]]);
  });

  it('keeps a bounded number per index, and answers every id asked even when keeping one drops another', async () => {
    const index = {};
    const at = new Date(NOON);
    let reads = 0;
    const read = async (ids: number[]) => {
      reads += ids.length;
      return ids.map((id) => facts(id));
    };
    await keptCardFacts(
      index,
      Array.from({ length: KEPT_CARDS }, (_, i) => i + 1),
      at,
      read,
    );
    reads = 0;
    // 1 is the oldest kept: keeping the new id drops it, yet this page still gets both.
    expect((await keptCardFacts(index, [1, KEPT_CARDS + 1], at, read)).map((f) => f.card.id)).toEqual([1, KEPT_CARDS + 1]);
    expect(reads).toBe(1);
    expect((await keptCardFacts(index, [1], at, read)).map((f) => f.card.id)).toEqual([1]);
    expect(reads).toBe(2);
  });
});
