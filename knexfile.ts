// Knex configuration for the command line (`npx knex ...`); the app builds the same config in db/connection.ts.
import { knexConfig } from './db/connection.ts';

export default knexConfig(process.env.DATABASE_URL, process.env.DATA_DIR ?? './data');
