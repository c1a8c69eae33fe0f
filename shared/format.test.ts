// Waits in plain words, as /transparencia and Mi cuenta write them (docs/decisions/065-service-times.md).
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatDuration', () => {
  it('writes minutes, hours and minutes under two days, then days and hours', () => {
    expect(formatDuration(20_000)).toBe('menos de 1 min');
    expect(formatDuration(45 * MIN)).toBe('45 min');
    expect(formatDuration(59 * MIN + 40_000)).toBe('1 h');
    expect(formatDuration(2 * HOUR + 10 * MIN)).toBe('2 h 10 min');
    expect(formatDuration(47 * HOUR + 59 * MIN)).toBe('47 h 59 min');
    expect(formatDuration(52 * HOUR)).toBe('2 días 4 h');
    expect(formatDuration(72 * HOUR + 20 * MIN)).toBe('3 días');
  });
});
