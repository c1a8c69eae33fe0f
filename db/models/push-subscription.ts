import type { Pojo } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import type { Locale } from '#shared/i18n/locales.ts';

/**
 * A search alert (docs/decisions/038-favourites-and-alerts.md): a device's Web Push subscription (endpoint and keys)
 * with the search it follows (the canonical query string of /buscar), and when it was last told.
 */
export class PushSubscription extends BaseModel {
  static override tableName = 'push_subscriptions';
  static override timestampColumns = ['createdAt', 'lastNotifiedAt', 'announcedUntil'];

  static override get columnNameMappers() {
    // The key's column is p256dh, the Web Push name: not p_256dh, as underscoreBeforeDigits would write it.
    const { parse, format } = super.columnNameMappers;
    return {
      parse,
      format(json: Pojo): Pojo {
        const columns = format(json);
        if ('p_256dh' in columns) {
          columns.p256dh = columns.p_256dh;
          delete columns.p_256dh;
        }
        return columns;
      },
    };
  }

  declare id: number;
  declare endpoint: string;
  declare p256dh: string;
  /** The subscription's auth secret: with the endpoint, the device's proof. */
  declare auth: string;
  declare filter: string;
  /** The language of the page it was made on: its notifications are written in it and open the search in it. */
  declare locale: Locale;
  declare createdAt: Date;
  declare lastNotifiedAt: Date | null;
  /** The newest published_at already counted: ads published after it are the new ones. */
  declare announcedUntil: Date;
  /** Failed sends in a row to this alert's endpoint (across runs of the job); a success sets it back to 0. */
  declare sendFailures: number;
}
