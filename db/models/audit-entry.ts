import { BaseModel } from '#db/models/base-model.ts';
import type { Administrator } from '#db/models/administrator.ts';

/** One line of the audit log: a staff action or a sign-in attempt, written with the action it records. */
export class AuditEntry extends BaseModel {
  static override tableName = 'audit_log';
  static override timestampColumns = ['createdAt'];
  static override jsonAttributes = ['details'];

  declare id: number;
  declare createdAt: Date;
  declare adminUserId: number | null;
  /** As typed at sign-in, or the acting staff member's. */
  declare username: string | null;
  declare action: string;
  declare targetType: string | null;
  declare targetId: string | null;
  declare details: Record<string, unknown> | null;
  declare ip: string | null;

  declare administrator?: Administrator | null;
}
