// An ad's weekly schedule, and "ahora" and "hoy" derived from it in Buenos Aires time.
import { DAY_GROUPS, TIME_SLOTS, labelOf, type DayGroup, type TimeSlot } from './catalogue.ts';

/** What an advertiser ticks of their week: day groups, time slots, and the '24 horas' and 'Agenda abierta' flags. */
export interface WeeklySchedule {
  days: DayGroup[];
  slots: TimeSlot[];
  is24h: boolean;
  openSchedule: boolean;
}

/**
 * The schedule as an ad's page reads it: the days, then '24 horas' or the slots, then 'Agenda abierta'; empty when
 * nothing is ticked.
 */
export function scheduleLabels(schedule: WeeklySchedule): string[] {
  return [
    ...schedule.days.map((d) => labelOf(DAY_GROUPS, d)),
    ...(schedule.is24h ? ['24 horas'] : schedule.slots.map((s) => labelOf(TIME_SLOTS, s))),
    ...(schedule.openSchedule ? ['Agenda abierta'] : []),
  ];
}

export const TIME_ZONE = 'America/Argentina/Buenos_Aires';

// Built once: creating an Intl.DateTimeFormat costs far more than formatting with it (about a millisecond a search).
const clockFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });

/** Day of week (0 = Sunday) and hour in Buenos Aires at `now`. */
export function buenosAiresClock(now: Date): { weekday: number; hour: number } {
  const parts = clockFormat.formatToParts(now);
  const weekdayName = parts.find((p) => p.type === 'weekday')!.value;
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekdayName);
  return { weekday, hour };
}

/** The day groups that cover a weekday: Sunday counts as a weekend day and as "domingos". */
export function dayGroupsFor(weekday: number): DayGroup[] {
  if (weekday === 0) return ['fines-semana', 'domingos'];
  if (weekday === 6) return ['fines-semana'];
  return ['lunes-viernes'];
}

export function slotFor(hour: number): TimeSlot {
  return TIME_SLOTS.find((s) => hour >= s.from && hour < s.to)!.value;
}

export function dayGroupLabel(value: DayGroup): string {
  return DAY_GROUPS.find((d) => d.value === value)!.label;
}
