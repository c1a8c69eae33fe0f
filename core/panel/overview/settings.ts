// Configuración: the monthly plan prices. Saving them is an audited action that records the prices before and after.
import type { Knex } from 'knex';
import { getPlanPrices, setPlanPrices, type PlanPrices } from '#db/queries/settings.ts';
import type { PanelSettings } from '#shared/contracts/staff/overview.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export function presentSettings(prices: PlanPrices): PanelSettings {
  return { pricePremium: prices.premium, priceVip: prices.vip };
}

export async function panelSettings(db: Knex): Promise<PanelSettings> {
  return presentSettings(await getPlanPrices(db));
}

export async function saveSettings(db: Knex, actor: StaffActor, input: PanelSettings): Promise<void> {
  const after = { pricePremium: input.pricePremium, priceVip: input.priceVip };
  await staffAction(
    db,
    actor,
    (before: PlanPrices) => ({ action: 'settings_saved', details: { before, after } }),
    async (trx) => {
      const before = await getPlanPrices(trx);
      await setPlanPrices(trx, { premium: input.pricePremium, vip: input.priceVip });
      return before;
    },
  );
}
