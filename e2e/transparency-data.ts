// The moderation history the transparency specs count (e2e/transparency.spec.ts, e2e/languages-transparency.spec.ts):
// the demo data has none, so each writes the same first record, an ad review three months back that nothing but the
// report reads, before the report is computed. Both run on the moderation group's server (e2e/servers.ts), where no
// other spec opens the report (each process keeps it 10 minutes), and whichever runs first computes it with this
// record.
import type { Knex } from 'knex';

/** 'YYYY-MM' of the Buenos Aires month `offset` months from now. */
export function monthFromNow(offset: number): string {
  const [y, m] = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of the first record: the report's first column. */
export const FIRST_MONTH = monthFromNow(-3);

export async function recordFirstReview(db: Knex): Promise<void> {
  // A fixed id: the specs' tests may run in several workers, each writing it.
  await db('ad_reviews')
    .insert({
      id: 990_001,
      ad_id: null,
      submitted_at: new Date(`${FIRST_MONTH}-10T10:00:00-03:00`),
      decided_at: new Date(`${FIRST_MONTH}-10T12:00:00-03:00`),
    })
    .onConflict('id')
    .ignore();
}
