// The 10 calendar days of the "Botón de arrepentimiento" (decision 068), counted in Buenos Aires days.
import { describe, expect, it } from 'vitest';
import { revocationDeadline } from './consumer-law.ts';

const ba = (local: string) => new Date(`${local}-03:00`);

describe('revocationDeadline', () => {
  it('runs to the end of the 10th Buenos Aires day after the day of the purchase', () => {
    // Tuesday 3 November: until Friday 13 November, 23:59:59.999 in Buenos Aires.
    expect(revocationDeadline(ba('2026-11-03T15:00:00'))).toEqual(new Date(ba('2026-11-14T00:00:00').getTime() - 1));
    // 23:00 in Buenos Aires is already the next day in UTC: the Buenos Aires day counts (Monday 2 -> Thursday 12).
    expect(revocationDeadline(ba('2026-11-02T23:00:00'))).toEqual(new Date(ba('2026-11-13T00:00:00').getTime() - 1));
  });

  it('moves a last day on a Saturday or a Sunday to the end of the next Monday', () => {
    // Wednesday 4 November + 10 = Saturday 14; Thursday 5 + 10 = Sunday 15: both run to Monday 16.
    const monday16End = new Date(ba('2026-11-17T00:00:00').getTime() - 1);
    expect(revocationDeadline(ba('2026-11-04T10:00:00'))).toEqual(monday16End);
    expect(revocationDeadline(ba('2026-11-05T10:00:00'))).toEqual(monday16End);
  });
});
