// Keys that production configures and `npm start` makes on its own elsewhere: without the variable, a machine-local
// key in DATA_DIR (made once, mode 0600), so that a fresh machine works. Production must configure each key, kept
// apart from the data it protects (a backup of DATA_DIR or of the database must not carry it).
import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { ConfigError, type Config } from './config.ts';
import { parseIdentityKey } from './services/identity-vault.ts';

interface LocalKey {
  variable: string;
  file: string;
  /** What the key protects, for the console ("identity documents"). */
  protects: string;
  /** What happens to data stored with the file's key when it is deleted. */
  lost: string;
}

function localKey(config: Pick<Config, 'env' | 'dataDir'>, { variable, file: name, protects, lost }: LocalKey): Buffer {
  if (config.env === 'production')
    throw new ConfigError(`Invalid configuration: ${variable} is required in production (openssl rand -hex 32).`);
  const file = path.join(config.dataDir, name);
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    console.log(
      `No ${variable}: generated a local key for ${protects} in ${path.relative(process.cwd(), file) || file}. Set ${variable} in production.`,
    );
  }
  const key = parseIdentityKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new ConfigError(`Invalid ${protects} key file ${file}: delete it to make a new one (${lost}).`);
  return key;
}

/** Without IDENTITY_KEY: DATA_DIR/identity.key. */
export const localIdentityKey = (config: Pick<Config, 'env' | 'dataDir'>): Buffer =>
  localKey(config, {
    variable: 'IDENTITY_KEY',
    file: 'identity.key',
    protects: 'identity documents',
    lost: 'documents stored with it become unreadable',
  });

/** Without ALERT_PHONE_KEY: DATA_DIR/alert-phone.key (decision 046). */
export const localAlertPhoneKey = (config: Pick<Config, 'env' | 'dataDir'>): Buffer =>
  localKey(config, {
    variable: 'ALERT_PHONE_KEY',
    file: 'alert-phone.key',
    protects: 'safety-alert numbers',
    lost: 'alerts filed with it are no longer found',
  });
