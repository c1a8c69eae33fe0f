import { BaseModel } from '#db/models/base-model.ts';
import type { Administrator } from '#db/models/administrator.ts';
import type { Advertiser } from '#db/models/advertiser.ts';

/** The columns both session tables share (a base, never queried itself) (docs/decisions/018-sessions.md): the token's hash, last use and absolute end. */
export class Session extends BaseModel {
  static override idColumn = 'token_hash';
  static override timestampColumns = ['createdAt', 'lastSeenAt', 'expiresAt'];

  declare tokenHash: string;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare expiresAt: Date;
  /** "Chrome en Android" (decision 069); null for sessions older than the label. */
  declare device: string | null;
}

export class StaffSession extends Session {
  static override tableName = 'admin_sessions';

  declare adminUserId: number;
  declare owner?: Administrator;
}

export class AdvertiserSession extends Session {
  static override tableName = 'advertiser_sessions';

  declare advertiserId: number;
  declare owner?: Advertiser;
}
