// The running 30-day view count of every page (analytics_pages.window_views). Pageviews add to it as they are
// written; when the window moves on (a new Buenos Aires day), the views of the days that left it are
// subtracted, using the daily rollup. Invariant: window_views = the page's views on days >= first_day.
import type { Knex } from 'knex';
import { shiftDate } from '#shared/dates.ts';

export const SUMMARY_DAYS = 30;
const WINDOW = 'pages';

/** The first day of the window, read inside a transaction that has already written (see analytics-rollups.ts). */
export async function pageWindowStart(trx: Knex.Transaction): Promise<string> {
  const row = await trx('analytics_windows').where('name', WINDOW).first('first_day');
  return String(row.first_day).slice(0, 10);
}

/**
 * Moves the window so that it starts on `firstDay`, adding or subtracting the views of the days in between.
 * Idempotent and safe with several processes: the marker row is locked first (an update), so one process
 * moves the window and the others then find it already in place.
 */
export async function movePageWindow(db: Knex, firstDay: string): Promise<void> {
  const current = await db('analytics_windows').where('name', WINDOW).first('first_day');
  if (current && String(current.first_day).slice(0, 10) === firstDay) return;
  await db.transaction(async (trx) => {
    await trx('analytics_windows')
      .where('name', WINDOW)
      .update({ first_day: trx.ref('first_day') });
    const from = await pageWindowStart(trx);
    if (from === firstDay) return;
    const leaving = from < firstDay;
    // Days [from, firstDay) leave the window; or, moving back, days [firstDay, from) come into it.
    const [start, end] = leaving ? [from, firstDay] : [firstDay, from];
    const changes: { page_path: string; n: number | string }[] = await trx('analytics_daily_pages')
      .where('day', '>=', start)
      .andWhere('day', '<', end)
      .select('page_path', trx.raw('sum(views) as n'))
      .groupBy('page_path')
      .orderBy('page_path'); // the lock order of analytics-rollups.ts
    for (let i = 0; i < changes.length; i += 500) {
      const part = changes.slice(i, i + 500);
      const sign = leaving ? -1 : 1;
      await trx('analytics_pages')
        .insert(part.map((c) => ({ page_path: c.page_path, page_title: c.page_path, window_views: sign * Number(c.n) })))
        .onConflict('page_path')
        .merge({ window_views: trx.raw('analytics_pages.window_views + excluded.window_views') });
    }
    await trx('analytics_windows').where('name', WINDOW).update({ first_day: firstDay });
  });
}

export function windowStartFor(today: string): string {
  return shiftDate(today, 0, -(SUMMARY_DAYS - 1));
}
