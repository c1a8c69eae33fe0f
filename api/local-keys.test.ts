// The key of safety-alert numbers outside production: made once in DATA_DIR/alert-phone.key (0600), kept, never in
// the database; production refuses to start without ALERT_PHONE_KEY (decision 046).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localAlertPhoneKey } from './local-keys.ts';

describe('localAlertPhoneKey', () => {
  it('makes one machine-local key outside production, keeps it, and refuses to run production without ALERT_PHONE_KEY', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-alert-key-'));
    try {
      const first = localAlertPhoneKey({ env: 'development', dataDir });
      expect(first).toHaveLength(32);
      const file = path.join(dataDir, 'alert-phone.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(localAlertPhoneKey({ env: 'development', dataDir }).equals(first)).toBe(true);
      expect(() => localAlertPhoneKey({ env: 'production', dataDir })).toThrow('ALERT_PHONE_KEY is required in production');
      fs.writeFileSync(file, 'no es una clave');
      expect(() => localAlertPhoneKey({ env: 'development', dataDir })).toThrow(/Invalid safety-alert numbers key file/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
