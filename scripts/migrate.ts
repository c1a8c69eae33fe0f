// npm run migrate: brings the configured database to the latest migration.
import { loadConfig } from '#api/config.ts';
import { migrate, openDb } from '#db/connection.ts';

const config = loadConfig();
const db = openDb(config.databaseUrl, config.dataDir);
await migrate(db);
console.log('Database is up to date.');
await db.destroy();
