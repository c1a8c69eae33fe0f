// The paid plans' current prices, as staff last saved them in the panel: read on every request that shows them, so
// that a new price shows at once.
import type { Knex } from 'knex';
import { getPlanPrices } from '#db/queries/settings.ts';
import type { PlanPricesView } from '#shared/contracts/public/plans.ts';

export async function planPrices(db: Knex): Promise<PlanPricesView> {
  const prices = await getPlanPrices(db);
  return { premium: prices.premium, vip: prices.vip };
}
