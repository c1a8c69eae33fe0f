// "ahora" and "hoy" are derived from an ad's weekly schedule in Buenos Aires time.
import { DAY_GROUPS, TIME_SLOTS, type DayGroup, type TimeSlot } from './catalogue.ts';

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
