// Rotates the key of safety-alert numbers (docs/operations.md, "Rotating ALERT_PHONE_KEY"; decision 046): wraps every
// stored hash under ALERT_PHONE_KEY, which ALERT_PHONE_KEY_PREVIOUS made, in one transaction, and retires the old
// key. The numbers are never known: a hash cannot be made again from them, only wrapped. A second run changes nothing.
//   ALERT_PHONE_KEY=<new> ALERT_PHONE_KEY_PREVIOUS=<old> npm run alerts:rekey
import { loadConfig } from '#api/config.ts';
import { openDb } from '#db/connection.ts';
import { rekeyAlertPhones } from '#db/queries/alert-phone-key.ts';

const config = loadConfig();
if (!config.alertPhoneKey || !config.previousAlertPhoneKey) {
  console.error('Set ALERT_PHONE_KEY (the new key) and ALERT_PHONE_KEY_PREVIOUS (the key it replaces).');
  process.exit(1);
}
const db = openDb(config.databaseUrl, config.dataDir);
try {
  const result = await rekeyAlertPhones(db, { key: config.alertPhoneKey, previousKey: config.previousAlertPhoneKey });
  if (result === 'already_rekeyed') console.log('The stored alerts are already under ALERT_PHONE_KEY: nothing to do.');
  else if (result === 'unknown_key') {
    console.error('The stored alerts are under neither key: check ALERT_PHONE_KEY_PREVIOUS (the key the servers run with now).');
    process.exitCode = 2;
  } else console.log(`Safety alerts rekeyed under ALERT_PHONE_KEY: ${result.rekeyed}. Start the servers with the new key.`);
} finally {
  await db.destroy();
}
