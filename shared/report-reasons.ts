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
