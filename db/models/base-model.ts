// The base of the entity models (docs/decisions/019-models.md): columns are snake_case in the database and
// camelCase in the code; timestamps read back as Date and flags as booleans on both drivers (SQLite returns
// milliseconds and 0/1, PostgreSQL Date and true/false), so no query writes its own row mapper.
import { Model, snakeCaseMappers, type Pojo } from 'objection';

export class BaseModel extends Model {
  static override get columnNameMappers() {
    // underscoreBeforeDigits: is24h is the column is_24h.
    return snakeCaseMappers({ underscoreBeforeDigits: true });
  }

  /** Timestamp columns, by their camelCase names: read as Date. */
  static timestampColumns: readonly string[] = [];
  /** Boolean columns, by their camelCase names: read as true/false. */
  static booleanColumns: readonly string[] = [];

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    const model = this.constructor as typeof BaseModel;
    for (const column of model.timestampColumns) {
      if (parsed[column] != null) parsed[column] = new Date(parsed[column]);
    }
    for (const column of model.booleanColumns) {
      if (parsed[column] != null) parsed[column] = Boolean(parsed[column]);
    }
    return parsed;
  }
}
