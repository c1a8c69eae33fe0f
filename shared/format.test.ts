// Waits, long dates and months in plain words, as /transparencia (and its pages in Portuguese and English) and Mi
// cuenta write them (docs/decisions/065-service-times.md, 070-languages.md).
import { describe, expect, it } from 'vitest';
import { formatDuration, formatLongDate, formatMonth } from './format.ts';
import { serviceTimeText } from './contracts/public/service-times.ts';

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

  it('writes the same waits in Portuguese and English', () => {
    const waits = [20_000, 45 * MIN, 2 * HOUR + 10 * MIN, 52 * HOUR, 72 * HOUR];
    expect(waits.map((ms) => formatDuration(ms, 'es'))).toEqual(['menos de 1 min', '45 min', '2 h 10 min', '2 días 4 h', '3 días']);
    expect(waits.map((ms) => formatDuration(ms, 'pt'))).toEqual(['menos de 1 minuto', '45 min', '2 h 10 min', '2 dias 4 h', '3 dias']);
    expect(waits.map((ms) => formatDuration(ms, 'en'))).toEqual(['less than 1 min', '45 min', '2 h 10 min', '2 days 4 h', '3 days']);
  });
});

describe('serviceTimeText', () => {
  it('says there is no figure in the page language, or writes the wait', () => {
    expect(serviceTimeText(null)).toBe('Sin datos');
    expect(serviceTimeText(null, 'pt')).toBe('Sem dados');
    expect(serviceTimeText(null, 'en')).toBe('No data');
    expect(serviceTimeText(52 * HOUR, 'en')).toBe('2 days 4 h');
  });
});

describe('formatLongDate', () => {
  it('writes the Buenos Aires day of an instant in each language', () => {
    // 01:30 UTC is still the 24th in Buenos Aires (UTC-3).
    const when = '2026-11-25T01:30:00Z';
    expect(formatLongDate(when)).toBe('24 de noviembre de 2026');
    expect(formatLongDate(when, 'pt')).toBe('24 de novembro de 2026');
    expect(formatLongDate(when, 'en')).toBe('November 24, 2026');
  });
});

describe('formatMonth', () => {
  it("names a calendar month with its year, as the report's columns do", () => {
    expect(formatMonth('2026-08')).toBe('Agosto 2026');
    expect(formatMonth('2026-08', 'pt')).toBe('Agosto 2026');
    expect(formatMonth('2027-01', 'en')).toBe('January 2027');
    // The first and last days of a month are the same month in every time zone.
    expect(formatMonth('2026-12', 'en')).toBe('December 2026');
  });
});
