// The paid plans' prices, which staff set in the panel: read on every page and request that shows or charges them.
import type { Knex } from 'knex';
import { getPlanPrices } from '#db/queries/settings.ts';
import type { PlanPrices } from '#shared/contracts/advertiser/payments.ts';

export function planPrices(db: Knex): Promise<PlanPrices> {
  return getPlanPrices(db);
}
