// The PostgreSQL store of per-address budgets (decision 029): rate-limiter-flexible's limiter on the app's Knex pool,
// over the rate_limits table of migration 019. The library writes the counting SQL; the table and its cleanup are here.
import type { Knex } from 'knex';
import { RateLimiterPostgres, type RateLimiterLike } from 'rate-limiter-flexible';

const TABLE = 'rate_limits';

export interface SharedLimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
  /** Answers while the database does not (decision 029). */
  insuranceLimiter: RateLimiterLike;
}

/** A budget counted in rate_limits, reached through `db`'s connections and so its search_path. */
export function postgresRateLimiter(db: Knex, options: SharedLimiterOptions): RateLimiterPostgres {
  return new RateLimiterPostgres({
    ...options,
    storeClient: db,
    storeType: 'knex',
    tableName: TABLE,
    // The migration made the table. Expired rows go with the hourly job (deleteExpiredRateLimits): one delete per
    // process instead of a timer per budget.
    tableCreated: true,
    clearExpiredByTimeout: false,
  });
}

/** Removes the rows whose window ended before `now`: addresses that stopped asking. */
export async function deleteExpiredRateLimits(db: Knex, now = new Date()): Promise<number> {
  return db(TABLE).where('expire', '<', now.getTime()).delete();
}
