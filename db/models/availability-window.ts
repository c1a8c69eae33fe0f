import { BaseModel } from '#db/models/base-model.ts';
import type { WindowKind } from '#shared/available-now.ts';

/**
 * A window of "Disponible ahora" ('available') or "Hoy no atiendo" ('off') on an ad (docs/decisions/032-available-now.md).
 * Kept as history: ending one early moves its end, never deletes it.
 */
export class AvailabilityWindow extends BaseModel {
  static override tableName = 'availability_windows';
  static override timestampColumns = ['startsAt', 'endsAt', 'createdAt'];

  declare id: number;
  declare adId: number;
  declare kind: WindowKind;
  declare startsAt: Date;
  declare endsAt: Date;
  declare createdAt: Date;
}
