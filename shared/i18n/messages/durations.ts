// Waits in plain words, rounded to the minute (formatDuration in shared/format.ts): the transparency report and its
// service times, "Espera habitual" in Mi cuenta. A plain part, read directly: shared/format.ts also reaches the
// browser. Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  underMinute: 'menos de 1 min',
  minutes: '{{minutes}} min',
  hours: '{{hours}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  days: '{{days}} días',
  daysHours: '{{days}} días {{hours}} h',
  noData: 'Sin datos',
} as const;

const pt = {
  underMinute: 'menos de 1 minuto',
  minutes: '{{minutes}} min',
  hours: '{{hours}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  days: '{{days}} dias',
  daysHours: '{{days}} dias {{hours}} h',
  noData: 'Sem dados',
} as const satisfies Texts<typeof es>;

const en = {
  underMinute: 'less than 1 min',
  minutes: '{{minutes}} min',
  hours: '{{hours}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  days: '{{days}} days',
  daysHours: '{{days}} days {{hours}} h',
  noData: 'No data',
} as const satisfies Texts<typeof es>;

export const durations = { es, pt, en };
