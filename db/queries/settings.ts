// Settings that staff edit in the panel; the plan prices are read on every request that shows them.
import type { Knex } from 'knex';
import { Setting } from '#db/models/index.ts';

export interface PlanPrices {
  premium: number;
  vip: number;
}

export async function getPlanPrices(db: Knex): Promise<PlanPrices> {
  const rows = await Setting.query(db).findByIds(['price_premium', 'price_vip']);
  const value = (key: string) => Number(rows.find((r) => r.key === key)?.value ?? Number.NaN);
  return { premium: value('price_premium'), vip: value('price_vip') };
}

export async function setPlanPrices(db: Knex, prices: PlanPrices, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    for (const [key, value] of [
      ['price_premium', prices.premium],
      ['price_vip', prices.vip],
    ] as const) {
      await Setting.query(trx)
        .insert({ key, value: String(value), updatedAt: now })
        .onConflict('key')
        .merge(['value', 'updated_at']);
    }
  });
}
