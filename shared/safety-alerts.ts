// "Alertas" (docs/decisions/040-alertas.md): verified advertisers report an incident against a phone number and
// look a number up before meeting. The kinds, the forms' schemas (the island checks with them, the API validates
// with them), how long an alert counts and how the lookup words how recent the newest one is.
import { z } from 'zod';
import { PHONE_MESSAGE, phoneFromReference } from './phone.ts';
import { buenosAiresDate, daysSinceEpochInBuenosAires, shiftMonths } from './dates.ts';
import { formatLongDate } from './format.ts';

export const SAFETY_ALERT_KINDS = [
  { value: 'no_se_presento', label: 'No se presentó' },
  { value: 'robo', label: 'Robo' },
  { value: 'violencia', label: 'Violencia' },
  { value: 'estafa', label: 'Estafa' },
  { value: 'amenaza', label: 'Amenaza' },
] as const;
export type SafetyAlertKind = (typeof SAFETY_ALERT_KINDS)[number]['value'];

export const safetyAlertKindLabel = (value: string): string => SAFETY_ALERT_KINDS.find((k) => k.value === value)?.label ?? value;

export type SafetyAlertStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';
export const SAFETY_ALERT_STATUS_LABELS: Record<SafetyAlertStatus, string> = {
  pending: 'En revisión',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  withdrawn: 'Retirada por el equipo',
};

/** An alert counts for this long from its filing, then it is deleted (lookups stop counting it at once). */
export const SAFETY_ALERT_MONTHS = 12;
export const DESCRIPTION_MAX = 500;
export const DESCRIPTION_MIN = 10;
/** Alerts one advertiser may file in 24 hours, and lookups in 15 minutes (api/routes/safety-alerts/routes.ts). */
export const FILINGS_PER_DAY = 5;
export const LOOKUPS_PER_WINDOW = 30;

/** The instant before which an alert filed has expired: the same time of day, 12 months earlier. */
export function safetyAlertCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - SAFETY_ALERT_MONTHS);
  return cutoff;
}

/** The earliest incident date accepted today (Buenos Aires). */
export const earliestIncidentDate = (now: Date): string => shiftMonths(buenosAiresDate(now), -SAFETY_ALERT_MONTHS);

/** Whole days from a 'YYYY-MM-DD' date to today in Buenos Aires. */
export function daysAgo(date: string, now: Date): number {
  return daysSinceEpochInBuenosAires(now) - Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** How recent the newest alert is, in words that a person reads at a glance: 'hoy', 'hace 3 días', 'hace 2 meses'. */
export function recencyText(days: number): string {
  if (days <= 0) return 'hoy';
  if (days === 1) return 'ayer';
  if (days < 60) return `hace ${days} días`;
  return `hace ${Math.floor(days / 30)} meses`;
}

/** A phone field that takes what the site's other phone fields take, and WhatsApp or call links (wa.me, tel:). */
const phoneReference = z
  .string(PHONE_MESSAGE)
  .trim()
  .min(1, 'Escribí el número, o pegá su enlace de WhatsApp.')
  .max(300, PHONE_MESSAGE)
  .transform((text, ctx) => {
    const e164 = phoneFromReference(text);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

const kinds = SAFETY_ALERT_KINDS.map((k) => k.value) as [SafetyAlertKind, ...SafetyAlertKind[]];

/** "¿Este número tiene alertas?" */
export const lookupSchema = z.object({ phone: phoneReference });

/** "Reportar un incidente"; `now` fixes the incident date's bounds (tests pass their own). */
export function reportSchema(now: () => Date = () => new Date()) {
  return z.object({
    phone: phoneReference,
    kind: z.enum(kinds, 'Elegí qué pasó.'),
    description: z
      .string('Contá brevemente qué pasó.')
      .trim()
      .min(DESCRIPTION_MIN, `Contá brevemente qué pasó: al menos ${DESCRIPTION_MIN} caracteres.`)
      .max(DESCRIPTION_MAX, `La descripción puede tener hasta ${DESCRIPTION_MAX} caracteres.`),
    incidentDate: z
      .union([z.literal(''), z.iso.date('Elegí una fecha válida o dejala vacía.')])
      .optional()
      .transform((date) => date || null)
      .refine((date) => date === null || date <= buenosAiresDate(now()), 'La fecha no puede ser posterior a hoy.')
      .refine(
        (date) => date === null || date >= earliestIncidentDate(now()),
        `Solo se reportan incidentes de los últimos ${SAFETY_ALERT_MONTHS} meses.`,
      ),
  });
}
export type ReportInput = z.output<ReturnType<typeof reportSchema>>;

/** What a lookup answers: approved, unexpired alerts only, never who filed them. */
export interface SafetyAlertLookup {
  total: number;
  /** Per kind, most frequent first; kinds without alerts left out. */
  kinds: { kind: SafetyAlertKind; label: string; count: number }[];
  /** The newest alert's date (the incident's when given, else its filing) and whole days since. */
  newest: { date: string; daysAgo: number } | null;
  /** The approved descriptions, newest first. */
  alerts: { kind: SafetyAlertKind; description: string; date: string }[];
}

/** One of the advertiser's own alerts, as /mi-cuenta/alertas lists them (the number is not kept, so not shown). */
export interface OwnSafetyAlert {
  id: number;
  kind: SafetyAlertKind;
  description: string;
  incidentDate: string | null;
  status: SafetyAlertStatus;
  /** Staff's reason for a rejection or a withdrawal. */
  decisionReason: string | null;
  createdAt: string;
  expiresAt: string;
}

/** A plain 'YYYY-MM-DD' date as '15 de noviembre de 2026' (noon UTC is the same day in Buenos Aires). */
export const formatAlertDate = (date: string): string => formatLongDate(`${date}T12:00:00Z`);

/** POST /api/advertiser/safety-alerts: the alert filed, waiting for staff. */
export interface SafetyAlertFiled {
  id: number;
  status: 'pending';
}
