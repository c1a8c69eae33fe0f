import { describe, expect, it } from 'vitest';
import { ageFrom, birthDateBounds, buenosAiresDate, dayNumber, shiftDate } from './dates.ts';
import { buenosAiresClock, dayGroupsFor, slotFor } from './availability.ts';

describe('Buenos Aires dates', () => {
  it('uses the Buenos Aires day, three hours behind UTC', () => {
    expect(buenosAiresDate(new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01');
    expect(buenosAiresDate(new Date('2026-03-02T03:30:00Z'))).toBe('2026-03-02');
    // Instants next to each other, either side of midnight in Buenos Aires, and back again.
    expect(buenosAiresDate(new Date('2026-03-02T02:59:59.999Z'))).toBe('2026-03-01');
    expect(buenosAiresDate(new Date('2026-03-02T03:00:00.000Z'))).toBe('2026-03-02');
    expect(buenosAiresDate(new Date('2026-03-02T02:59:30.000Z'))).toBe('2026-03-01');
  });

  it('counts whole years of age', () => {
    const now = new Date('2026-06-15T15:00:00Z');
    expect(ageFrom('2008-06-15', now)).toBe(18);
    expect(ageFrom('2008-06-16', now)).toBe(17);
    expect(ageFrom('1990-01-01', now)).toBe(36);
  });

  it('shifts dates by years, keeping 29 February valid', () => {
    expect(shiftDate('2024-02-29', -1)).toBe('2023-02-28');
    expect(shiftDate('2026-01-01', 0, -1)).toBe('2025-12-31');
  });

  it('numbers days in their order', () => {
    expect(dayNumber('2001-03-09')).toBe(20010309);
    const days = ['1999-12-31', '2000-01-01', '2000-01-10', '2000-02-01', '2000-10-01'];
    expect(days.map(dayNumber)).toEqual([...days.map(dayNumber)].sort((a, b) => a - b));
  });

  it('gives birth date bounds whose ages fall inside the range', () => {
    const now = new Date('2026-06-15T15:00:00Z');
    const { earliest, latest } = birthDateBounds(26, 35, now);
    expect(ageFrom(latest, now)).toBe(26);
    expect(ageFrom(shiftDate(latest, 0, 1), now)).toBe(25);
    expect(ageFrom(earliest!, now)).toBe(35);
    expect(ageFrom(shiftDate(earliest!, 0, -1), now)).toBe(36);
  });

  it('tells the weekday, hour and slot in Buenos Aires', () => {
    // Sunday 2026-03-01 23:30 in Buenos Aires is Monday 02:30 UTC.
    expect(buenosAiresClock(new Date('2026-03-02T02:30:00Z'))).toEqual({ weekday: 0, hour: 23 });
    expect(dayGroupsFor(0)).toEqual(['fines-semana', 'domingos']);
    expect(dayGroupsFor(6)).toEqual(['fines-semana']);
    expect(dayGroupsFor(3)).toEqual(['lunes-viernes']);
    expect(slotFor(0)).toBe('madrugada');
    expect(slotFor(6)).toBe('matutino');
    expect(slotFor(12)).toBe('tarde');
    expect(slotFor(23)).toBe('nocturno');
  });
});
