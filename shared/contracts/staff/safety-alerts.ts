// Alertas de seguridad in the panel: each alert with who filed it (never shown to other advertisers) and how many
// other alerts its number has. The number itself is not kept, so it is not here either.
import type { SafetyAlertKind, SafetyAlertStatus } from '#shared/safety-alerts.ts';

export interface SafetyAlertReview {
  id: number;
  kind: SafetyAlertKind;
  description: string;
  incidentDate: string | null;
  status: SafetyAlertStatus;
  decisionReason: string | null;
  createdAt: string;
  reporter: { id: number; name: string; email: string };
  /** Other alerts on the same number, by status (this one left out). */
  sameNumber: Record<SafetyAlertStatus, number>;
}

export interface SafetyAlertDecided {
  success: true;
  status: Extract<SafetyAlertStatus, 'approved' | 'rejected' | 'withdrawn'>;
}
