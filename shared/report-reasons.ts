// Why a visitor reports an ad: the form's choices, the panel's labels and the server's rule of which reasons
// hide a published ad at once (a possible minor, possible trafficking).
export const REPORT_REASONS = [
  { value: 'posible_menor', label: 'Posible menor de edad', hides: true },
  { value: 'posible_trata', label: 'Posible trata o explotación', hides: true },
  { value: 'estafa', label: 'Estafa', hides: false },
  { value: 'fotos_falsas', label: 'Fotos falsas', hides: false },
  { value: 'otro', label: 'Otro', hides: false },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const HIDING_REASONS: ReportReason[] = REPORT_REASONS.filter((r) => r.hides).map((r) => r.value);

export const reportReasonLabel = (value: string): string => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * The kind of concern a report raises, as its advertiser is told it (the held mail, the review page in /mi-cuenta):
 * neutral words, since mail is read on shared screens; never who reported it or what they wrote.
 */
export const REPORT_CONCERNS: Record<ReportReason, string> = {
  posible_menor: 'dudas sobre la edad de la persona que aparece en el anuncio',
  posible_trata: 'dudas sobre si el anuncio se publica por decisión propia',
  estafa: 'una posible estafa',
  fotos_falsas: 'fotos que podrían no ser reales',
  otro: 'otro motivo',
};

/** An open report of a hiding reason is overdue once it has waited this long for staff: it is marked and escalated. */
export const REPORT_OVERDUE_MS = 24 * 60 * 60 * 1000;

/** How long a report has waited (`waitingMs`), as the panel shows it: "hace 5 min", "hace 3 h", "hace 2 días". */
export function reportAge(waitingMs: number): string {
  const minutes = Math.max(0, Math.floor(waitingMs / 60_000));
  if (minutes < 1) return 'hace menos de 1 min';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'hace 1 día' : `hace ${days} días`;
}
