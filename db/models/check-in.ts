import { BaseModel } from '#db/models/base-model.ts';
import type { Advertiser } from '#db/models/advertiser.ts';

/**
 * An advertiser's running check-in timer (docs/decisions/041-check-in.md): at most one per advertiser, deleted when it
 * ends, so nothing of it outlives it. attempts and nextAttemptAt are the overdue mail's claim (api/services/check-in-alerts.ts).
 */
export class CheckIn extends BaseModel {
  static override tableName = 'check_ins';
  static override timestampColumns = ['startedAt', 'dueAt', 'nextAttemptAt'];

  declare id: number;
  declare advertiserId: number;
  declare contactEmail: string;
  /** How the contact knows the advertiser. */
  declare shownName: string;
  declare message: string;
  declare startedAt: Date;
  declare dueAt: Date;
  /** How many times it was extended. */
  declare extensions: number;
  /** Tries of the overdue mail so far. */
  declare attempts: number;
  /** When the overdue mail may be tried again (null: never tried). */
  declare nextAttemptAt: Date | null;

  declare advertiser?: Advertiser;
}
