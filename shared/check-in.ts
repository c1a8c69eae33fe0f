// The check-in timer (docs/decisions/041-check-in.md): an advertiser going to a meeting starts it with a trusted
// contact's e-mail; unless they check in by the time, the contact gets the message they chose to share. What the
// account page and the API share: the limits, the start form's schema and the timer as the owner sees it.
import { z } from 'zod';
import { hasControlCharacters } from './control-characters.ts';

/** The timer's length, in minutes: from half an hour to twelve hours. */
export const MIN_CHECK_IN_MINUTES = 30;
export const MAX_CHECK_IN_MINUTES = 12 * 60;
/** One tap each on the page; any other length in between can be typed. */
export const CHECK_IN_PRESETS = [60, 120, 240] as const;
/** "Extender" adds this much, at most this many times per timer. */
export const CHECK_IN_EXTENSION_MINUTES = 30;
export const MAX_CHECK_IN_EXTENSIONS = 4;
export const MAX_CHECK_IN_MESSAGE = 1000;
export const MAX_SHOWN_NAME = 60;

export const checkInBody = z.object({
  contactEmail: z
    .string('Escribí el email de tu contacto de confianza.')
    .trim()
    .min(1, 'Escribí el email de tu contacto de confianza.')
    .max(254, 'El email puede tener hasta 254 caracteres.')
    .pipe(z.email('Escribí un email válido para tu contacto, por ejemplo nombre@ejemplo.com.')),
  shownName: z
    .string('Escribí cómo te conoce tu contacto.')
    .trim()
    .min(2, 'Escribí cómo te conoce tu contacto (al menos 2 caracteres).')
    .max(MAX_SHOWN_NAME, `El nombre puede tener hasta ${MAX_SHOWN_NAME} caracteres.`)
    .refine((s) => !hasControlCharacters(s, { multiline: false }), 'El nombre va en una sola línea, sin caracteres especiales.'),
  minutes: z
    .number('Elegí cuánto dura el temporizador.')
    .int('Elegí la duración en minutos enteros.')
    .min(MIN_CHECK_IN_MINUTES, `El temporizador dura al menos ${MIN_CHECK_IN_MINUTES} minutos.`)
    .max(MAX_CHECK_IN_MINUTES, 'El temporizador dura como mucho 12 horas.'),
  message: z
    .string('Escribí el mensaje para tu contacto.')
    .trim()
    .min(10, 'Escribí el mensaje para tu contacto: al menos 10 caracteres (por ejemplo, dónde vas a estar).')
    .max(MAX_CHECK_IN_MESSAGE, `El mensaje puede tener hasta ${MAX_CHECK_IN_MESSAGE} caracteres.`),
});
export type CheckInInput = z.infer<typeof checkInBody>;

/** The running timer as its owner sees it (ISO instants). */
export interface CheckInState {
  contactEmail: string;
  shownName: string;
  message: string;
  startedAt: string;
  dueAt: string;
  extensionsLeft: number;
}

/** '1 h 20 min', '45 min', '3 h': a length of time, rounded up to the minute. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** What /api/advertiser/check-in answers: the running check-in, or null once there is none. */
export interface CheckInAnswer {
  checkIn: CheckInState | null;
}

/** POST /api/advertiser/check-in: the check-in started, and whether the contact's notice went out. */
export interface CheckInStarted {
  checkIn: CheckInState;
  noticeSent: boolean;
}
