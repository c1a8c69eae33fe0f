// An ad's weekly schedule read as its page and the panel's review show it.
import { describe, expect, it } from 'vitest';
import { scheduleLabels } from './availability.ts';

describe('scheduleLabels', () => {
  it('names the days, then the slots, then an open schedule', () => {
    expect(scheduleLabels({ days: ['lunes-viernes', 'domingos'], slots: ['tarde', 'nocturno'], is24h: false, openSchedule: true })).toEqual(
      ['Lunes a viernes', 'Domingos', 'Tarde (12-18)', 'Nocturno (18-24)', 'Agenda abierta'],
    );
  });

  it("says '24 horas' instead of the slots, and nothing when nothing is ticked", () => {
    expect(scheduleLabels({ days: ['fines-semana'], slots: ['tarde'], is24h: true, openSchedule: false })).toEqual([
      'Fines de semana',
      '24 horas',
    ]);
    expect(scheduleLabels({ days: [], slots: [], is24h: false, openSchedule: false })).toEqual([]);
  });
});
