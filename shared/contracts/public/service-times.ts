// Service times (docs/decisions/065-service-times.md): how long staff took to decide, over the decisions of the last
// 7 days, computed every hour. Shown on /transparencia and, as "Espera habitual", beside what an advertiser has
// waiting in Mi cuenta. Counts and durations only.
import { formatDuration } from '#shared/format.ts';

export const SERVICE_KINDS = ['identity_verification', 'ad_review', 'photo_verification', 'report'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The window the figures cover: decisions made in the 7 days before the hour they were computed at. */
export const SERVICE_WINDOW_DAYS = 7;

export const SERVICE_KIND_LABELS: Record<ServiceKind, { label: string; hint: string }> = {
  identity_verification: {
    label: 'Verificación de identidad',
    hint: 'Desde que quien publica envía sus datos hasta que el equipo aprueba o rechaza.',
  },
  ad_review: {
    label: 'Revisión de anuncios',
    hint: 'Desde que un anuncio nuevo o editado entra a revisión hasta que el equipo lo aprueba, rechaza o da de baja.',
  },
  photo_verification: {
    label: 'Verificación de fotos',
    hint: 'Desde que quien publica envía su selfie hasta que el equipo decide sobre las fotos.',
  },
  report: { label: 'Decisión de denuncias', hint: 'Desde que llega la denuncia hasta que el equipo la resuelve o la descarta.' },
};

export interface ServiceTime {
  kind: ServiceKind;
  /** Decisions in the window. */
  decisions: number;
  /** Milliseconds, nearest rank; null with no decision in the window. */
  medianMs: number | null;
  p95Ms: number | null;
}

export interface ServiceTimes {
  /** ISO instants: the window is [windowStart, computedAt); computedAt is the start of an hour. */
  windowStart: string;
  computedAt: string;
  times: Record<ServiceKind, ServiceTime>;
}

/** A figure as the pages write it: a wait in words, or 'Sin datos' with no decision in the window. */
export const serviceTimeText = (ms: number | null): string => (ms === null ? 'Sin datos' : formatDuration(ms));

/** What an advertiser reads beside something of theirs that waits for staff. */
export const usualWaitText = (medianMs: number | null): string =>
  medianMs === null
    ? `Espera habitual: sin datos (ninguna decisión en los últimos ${SERVICE_WINDOW_DAYS} días)`
    : `Espera habitual: ${formatDuration(medianMs)} (mediana de los últimos ${SERVICE_WINDOW_DAYS} días)`;
