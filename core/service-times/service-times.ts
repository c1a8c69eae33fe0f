// Service times (docs/decisions/065-service-times.md): the median and 95th percentile of the wait for identity
// verification, ad review, photo verification and report decisions, over the decisions made in the 7 days before the
// start of the current hour. The hourly job (api/jobs.ts) computes them from the records and stores them; the pages
// (/transparencia, Mi cuenta) read what was stored, so every process shows the same figures.
import type { Knex } from 'knex';
import { decidedWaits, readServiceTimes, saveServiceTimes } from '#db/queries/service-times.ts';
import {
  SERVICE_KINDS,
  SERVICE_WINDOW_DAYS,
  type ServiceKind,
  type ServiceTime,
  type ServiceTimes,
} from '#shared/contracts/public/service-times.ts';

const HOUR_MS = 3_600_000;
const WINDOW_MS = SERVICE_WINDOW_DAYS * 24 * HOUR_MS;

/**
 * The nearest-rank percentile: the smallest value with at least p % of the values at or below it, i.e. the value
 * at rank ⌈p/100 × n⌉ of the n values sorted. Always one of the values (never a mean of two); null for none.
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

/** The window of a run at `now`: from 7 days before the start of its hour to that start (excluded). */
export function serviceWindow(now: Date): { from: Date; to: Date } {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return { from: new Date(to.getTime() - WINDOW_MS), to };
}

/** Computes the figures from the records and stores them. Idempotent: a second run in the same hour stores the same. */
export async function refreshServiceTimes(db: Knex, now = new Date()): Promise<ServiceTimes> {
  const { from, to } = serviceWindow(now);
  const waits = await decidedWaits(db, from, to);
  const times = SERVICE_KINDS.map((kind): ServiceTime => ({
    kind,
    decisions: waits[kind].length,
    medianMs: nearestRank(waits[kind], 50),
    p95Ms: nearestRank(waits[kind], 95),
  }));
  await saveServiceTimes(db, { windowStart: from, computedAt: to, times });
  return present(from, to, times);
}

function present(from: Date, to: Date, times: ServiceTime[]): ServiceTimes {
  return {
    windowStart: from.toISOString(),
    computedAt: to.toISOString(),
    times: Object.fromEntries(times.map((t) => [t.kind, t])) as Record<ServiceKind, ServiceTime>,
  };
}

/** The figures stored by the last run; null before the first (the pages then say there is no figure yet). */
export async function storedServiceTimes(db: Knex): Promise<ServiceTimes | null> {
  const rows = await readServiceTimes(db);
  const first = rows[0];
  if (!first) return null;
  // A kind with no row (none so far: every run writes all four) counts as having no decision.
  const times = SERVICE_KINDS.map((kind) => rows.find((r) => r.kind === kind) ?? { kind, decisions: 0, medianMs: null, p95Ms: null }).map(
    ({ kind, decisions, medianMs, p95Ms }) => ({ kind, decisions, medianMs, p95Ms }),
  );
  return present(first.windowStart, first.computedAt, times);
}

/** The median wait an advertiser is shown beside something of theirs that waits (null: no figure). */
export async function usualWaits(db: Knex): Promise<Record<ServiceKind, number | null>> {
  const stored = await storedServiceTimes(db);
  return Object.fromEntries(SERVICE_KINDS.map((kind) => [kind, stored?.times[kind].medianMs ?? null])) as Record<
    ServiceKind,
    number | null
  >;
}
