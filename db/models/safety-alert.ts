import { BaseModel } from '#db/models/base-model.ts';
import type { Advertiser } from '#db/models/advertiser.ts';
import type { SafetyAlertKind, SafetyAlertStatus } from '#shared/safety-alerts.ts';

/**
 * An incident a verified advertiser reported against a phone number ("Alertas", docs/decisions/040-alertas.md), kept
 * only as a keyed hash of the number (db/queries/alert-phone-key.ts). Who filed it is read only for its filer and staff.
 */
export class SafetyAlert extends BaseModel {
  static override tableName = 'safety_alerts';
  static override timestampColumns = ['createdAt', 'decidedAt'];

  declare id: number;
  /** HMAC of the E.164 number under ALERT_PHONE_KEY (decision 046); never the number. */
  declare phoneHash: string;
  declare reporterId: number;
  declare kind: SafetyAlertKind;
  declare description: string;
  /** 'YYYY-MM-DD', optional. */
  declare incidentDate: string | null;
  declare status: SafetyAlertStatus;
  /** Why staff rejected or withdrew it; the reporter sees it. */
  declare decisionReason: string | null;
  declare createdAt: Date;
  declare decidedAt: Date | null;
  declare decidedBy: number | null;

  declare reporter?: Advertiser;
}
