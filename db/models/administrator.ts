import type { QueryBuilder } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import { parsePermissions, type Admin } from '#shared/admin-permissions.ts';

/** A staff account: the super admin (isMaster) or a partner with a list of panel permissions. */
export class Administrator extends BaseModel {
  static override tableName = 'admin_users';
  static override timestampColumns = ['createdAt'];
  static override booleanColumns = ['isMaster', 'active'];

  declare id: number;
  declare username: string;
  declare fullName: string;
  declare passwordHash: string;
  declare isMaster: boolean;
  /** JSON text of permission names; read it through toAdmin(), which drops names the catalogue no longer has. */
  declare permissions: string;
  declare active: boolean;
  declare createdAt: Date;

  static override modifiers = {
    /** What a session needs of the account: never its password hash. */
    signedIn: (query: QueryBuilder<Administrator>) => query.select('id', 'username', 'full_name', 'is_master', 'permissions', 'active'),
  };

  /** The account as a session and the panel see it. */
  toAdmin(): Admin {
    return {
      id: this.id,
      username: this.username,
      fullName: this.fullName,
      isMaster: this.isMaster,
      permissions: parsePermissions(this.permissions),
    };
  }
}
