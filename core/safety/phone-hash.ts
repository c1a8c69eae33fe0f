// The stored form of a safety-alert number, under the key the configuration holds (ALERT_PHONE_KEY, or the local
// key api/main.ts makes outside production): never a key kept in the database (decision 046).
import type { Knex } from 'knex';
import type { Config } from '#api/config.ts';
import { alertPhoneHash } from '#db/queries/alert-phone-key.ts';

export function configuredPhoneHash(config: Pick<Config, 'alertPhoneKey'>, db: Knex, e164: string): Promise<string> {
  if (!config.alertPhoneKey) throw new Error('No ALERT_PHONE_KEY: api/main.ts sets one before the app starts.');
  return alertPhoneHash(db, config.alertPhoneKey, e164);
}
