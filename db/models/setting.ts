import { BaseModel } from '#db/models/base-model.ts';

/** A value staff edit in the panel (the plan prices), stored as text under its key. */
export class Setting extends BaseModel {
  static override tableName = 'settings';
  static override idColumn = 'key';
  static override timestampColumns = ['updatedAt'];

  declare key: string;
  declare value: string;
  declare updatedAt: Date;
}
