// What /destacados/mas reads from its query: the part's offset and the day whose turn it continues.
import { describe, expect, it } from 'vitest';
import { featuredDay, featuredOffset } from './featured.ts';

describe('featuredOffset', () => {
  it('takes a whole number from 0, bounded, and 0 for anything else', () => {
    expect(featuredOffset('24')).toBe(24);
    expect(featuredOffset(null)).toBe(0);
    expect(featuredOffset('-12')).toBe(0);
    expect(featuredOffset('doce')).toBe(0);
    expect(featuredOffset('99999999999')).toBe(1_000_000);
  });
});

describe('featuredDay', () => {
  it("continues today's or yesterday's turn (a visitor reading past midnight), today's otherwise", () => {
    expect(featuredDay('20500', 20500)).toBe(20500);
    expect(featuredDay('20499', 20500)).toBe(20499);
    expect(featuredDay('20498', 20500)).toBe(20500);
    expect(featuredDay('20501', 20500)).toBe(20500);
    expect(featuredDay(null, 20500)).toBe(20500);
  });
});
