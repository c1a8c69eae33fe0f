// Test fixture (inbox.test.ts): a process that drains through a drain thread and ends without closing the thread.
// It must end by itself: an idle drain thread never keeps a process alive. Prints what the drain took.
import knexFactory from 'knex';
import { sqliteConfig } from '#db/connection.ts';
import { openAnalyticsInbox } from './index.ts';
import { DrainThread } from './drain-thread.ts';

const databaseFile = process.argv[2]!;
const db = knexFactory(sqliteConfig(databaseFile));
const inbox = openAnalyticsInbox(db);
await inbox.enqueue([
  {
    kind: 'event',
    at: new Date(),
    visitorId: '33333333-0000-4000-8000-000000000001',
    sessionId: '33333333-0000-4000-8000-000000000002',
    eventName: 'sin cerrar',
    eventData: null,
    pagePath: '/',
  },
]);
await inbox.close();
await db.destroy();
const { taken } = await new DrainThread({ databaseFile }).drain(10);
process.stdout.write(JSON.stringify({ taken }));
