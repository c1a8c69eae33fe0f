import { BaseModel } from '#db/models/base-model.ts';
import type { OptionalMailKind } from '#shared/mail-preferences.ts';

/** A kind of optional mail that an advertiser turned off (docs/decisions/035-advertiser-mail.md). */
export class MailOptOut extends BaseModel {
  static override tableName = 'mail_opt_outs';
  static override idColumn = ['advertiser_id', 'kind'];
  static override timestampColumns = ['createdAt'];

  declare advertiserId: number;
  declare kind: OptionalMailKind;
  declare createdAt: Date;
}
