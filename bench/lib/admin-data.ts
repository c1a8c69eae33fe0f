// The panel benchmark database: a SQLite file under data/bench/admin/ with 10,000 subscribers (advertisers in
// every verification state, most with a published ad) and 100,000 payments over 13 months (the last few days'
// still pending), two bank accounts and a super admin whose password the benchmark sets. Generated once with a
// fixed seed (about 15 s) and reused while complete and recent (dates are relative to generation day).
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { migrate, openDb } from '#db/connection.ts';
import { adRow, createRandom, demoAdInput, demoBirthDate } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { BENCH_DATA_DIR, log } from './common.ts';

export const PANEL_SUBSCRIBERS = 10_000;
export const PANEL_PAYMENTS = 100_000;
export const PANEL_DIR = path.join(BENCH_DATA_DIR, 'admin');
export const PANEL_DB_FILE = path.join(PANEL_DIR, 'velada.sqlite');
export const PANEL_DATABASE_URL = `sqlite:${PANEL_DB_FILE}`;

const SEED = 10_000;
const CHUNK = 200;
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 395;
const MAX_AGE_MS = 5 * DAY_MS;
const MARKER_FILE = path.join(PANEL_DIR, 'complete.json');

interface Marker {
  subscribers: number;
  payments: number;
  seed: number;
  generatedAt: string;
}

function isReusable(): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(MARKER_FILE, 'utf8')) as Marker;
    const age = Date.now() - new Date(marker.generatedAt).getTime();
    return (
      fs.existsSync(PANEL_DB_FILE) &&
      marker.subscribers === PANEL_SUBSCRIBERS &&
      marker.payments === PANEL_PAYMENTS &&
      marker.seed === SEED &&
      age >= 0 &&
      age < MAX_AGE_MS
    );
  } catch {
    return false;
  }
}

const STATUSES = [
  'verified',
  'verified',
  'verified',
  'verified',
  'verified',
  'verified',
  'verified',
  'pending',
  'rejected',
  'unverified',
] as const;
const METHODS = ['transfer', 'mercadopago', 'card'] as const;

async function insertAll(trx: Knex.Transaction, now: Date): Promise<void> {
  const rand = createRandom(SEED);
  const published: { id: number; advertiserId: number }[] = [];
  let adId = 0;
  for (let first = 1; first <= PANEL_SUBSCRIBERS; first += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, PANEL_SUBSCRIBERS - first + 1) }, (_, i) => first + i);
    const rows = ids.map((id) => {
      const status = rand.pick(STATUSES);
      return {
        id,
        email: `suscriptor${id}@velada.invalid`,
        full_name: `Suscriptor Bench ${id}`,
        dni: String(rand.int(20_000_000, 45_999_999)),
        birth_date: demoBirthDate(rand, now),
        verification_status: status,
        verified_at: status === 'verified' ? now : null,
        created_at: new Date(now.getTime() - rand.int(0, HISTORY_DAYS) * DAY_MS),
        updated_at: now,
      };
    });
    await trx('advertisers').insert(rows);
    // Verified advertisers have one published ad (nine in ten of them); the others none.
    const ads = rows
      .filter((r) => r.verification_status === 'verified' && rand.next() < 0.9)
      .map((r) => ({ ...adRow(r.id, demoAdInput(rand, now), now), id: ++adId }));
    if (ads.length) await trx('ads').insert(ads);
    for (const ad of ads) published.push({ id: ad.id, advertiserId: ad.advertiser_id as number });
  }

  const accounts = [
    {
      id: 1,
      bank_name: 'Banco Bench S.A.',
      account_holder: 'Velada Bench S.R.L.',
      account_number: '1',
      cbu: cbuFrom('1910001', '5500123456789'),
      alias: 'bench.cobros',
      account_type: 'checking',
      active: true,
      created_at: now,
    },
    {
      id: 2,
      bank_name: 'Banco Bench Dos S.A.',
      account_holder: 'Velada Bench S.R.L.',
      account_number: '2',
      cbu: cbuFrom('3220004', '7700987654321'),
      alias: 'bench.ahorro',
      account_type: 'savings',
      active: false,
      created_at: now,
    },
  ];
  await trx('bank_accounts').insert(accounts);

  // Payments evenly over the history, oldest first; those of the last three days are still pending.
  const start = now.getTime() - HISTORY_DAYS * DAY_MS;
  for (let first = 0; first < PANEL_PAYMENTS; first += CHUNK * 2) {
    const rows = Array.from({ length: Math.min(CHUNK * 2, PANEL_PAYMENTS - first) }, (_, i) => {
      const n = first + i;
      const ad = rand.pick(published);
      const vip = rand.next() < 0.35;
      const createdAt = new Date(start + Math.floor(((n + rand.next()) / PANEL_PAYMENTS) * HISTORY_DAYS * DAY_MS));
      const pending = now.getTime() - createdAt.getTime() < 3 * DAY_MS;
      return {
        advertiser_id: ad.advertiserId,
        ad_id: ad.id,
        amount: vip ? 25_000 : 15_000,
        description: vip ? 'Plan VIP (30 días)' : 'Plan Premium (30 días)',
        payment_method: rand.pick(METHODS),
        status: pending ? 'pending' : 'completed',
        reference: `VEL-BENCH-${String(n + 1).padStart(6, '0')}`,
        bank_account_id: pending ? null : 1,
        processed_at: pending ? null : new Date(createdAt.getTime() + rand.int(1, 48) * 3_600_000),
        created_at: createdAt,
      };
    });
    await trx('payments').insert(rows);
  }
}

/** Makes sure the panel benchmark database exists and is complete. */
export async function ensurePanelData(): Promise<void> {
  if (isReusable()) {
    const db = openDb(PANEL_DATABASE_URL, PANEL_DIR);
    await migrate(db);
    await db.destroy();
    log(`reusing ${PANEL_DB_FILE}`);
    return;
  }
  fs.rmSync(PANEL_DIR, { recursive: true, force: true });
  fs.mkdirSync(PANEL_DIR, { recursive: true });
  const started = performance.now();
  const now = new Date();
  const db = openDb(PANEL_DATABASE_URL, PANEL_DIR);
  try {
    await migrate(db);
    await db.transaction((trx) => insertAll(trx, now));
    await db.raw('ANALYZE');
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  const marker: Marker = { subscribers: PANEL_SUBSCRIBERS, payments: PANEL_PAYMENTS, seed: SEED, generatedAt: now.toISOString() };
  fs.writeFileSync(MARKER_FILE, JSON.stringify(marker));
  log(
    `generated ${PANEL_SUBSCRIBERS} subscribers and ${PANEL_PAYMENTS} payments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
