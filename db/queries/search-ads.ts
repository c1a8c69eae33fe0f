// The public search: published ads of verified advertisers, narrowed by every filter of /buscar.
import type { Knex } from 'knex';
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  DAY_GROUPS,
  LANGUAGES,
  PRICE_RANGES,
  RESULTS_PER_PAGE,
  SERVICE_TYPES,
  TIME_SLOTS,
  foldText,
} from '#shared/catalogue.ts';
import { buenosAiresClock, dayGroupsFor, slotFor } from '#shared/availability.ts';
import { toMask } from '#shared/masks.ts';
import { searchTerms, whereTextMatches } from '#db/dialect.ts';
import { barrioSlugsOf, type SearchFilters } from '#shared/search-filters.ts';
import { birthDateBounds } from '#shared/dates.ts';
import type { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { adsWithWindowAt } from './availability-windows.ts';
import { CARD_COLUMNS, cardAt, cardFactsOf, keptCardFacts, type AdCard, type AdRow } from './ad-cards.ts';
import { FACTOR_SQL, applyOrderKeys, orderKeys, type FactorSql } from './search-order.ts';
import { readRotationWindow, refreshMarkedRanks, turnRanks } from './search-rank.ts';
import { TIER_WEIGHT, rotationWindowAt, rotationWindowStart } from '#shared/ranking.ts';

export interface SearchResult {
  total: number;
  page: number;
  pages: number;
  ads: AdCard[];
  /** The rotation window of the order the page follows (decision 064). */
  rotationWindow: number;
}

/**
 * What the public may see: published ads. Only a verified advertiser's ad can be published, and losing the
 * verification unpublishes the advertiser's ads (docs/decisions/003-search.md), so no join is needed to tell;
 * search reads the ads table alone, which keeps counting 100,000 rows to an index scan.
 */
export function publicAds(db: Knex): Knex.QueryBuilder {
  return db('ads').where('ads.state', 'published');
}

/** The same, with the advertiser's row, for filters and pages that show the advertiser's age. */
export function publicAdsWithAdvertiser(db: Knex): Knex.QueryBuilder {
  return publicAds(db).join('advertisers', 'advertisers.id', 'ads.advertiser_id');
}

function applyFilters(db: Knex, query: Knex.QueryBuilder, f: SearchFilters, now: Date): void {
  whereTextMatches(db, query, searchTerms(foldText(f.text)));
  if (f.categoria) query.where('ads.category', f.categoria);
  if (f.zona) query.whereIn('ads.barrio', barrioSlugsOf(f.zona));
  if (f.disponibilidad) applyAvailability(db, query, f.disponibilidad, now);
  if (f.precio) {
    // Buckets are (min, max]: 'Hasta $5.000' holds 5.000, '$5.000 a $10.000' starts above it.
    const range = PRICE_RANGES.find((r) => r.value === f.precio)!;
    query.where('ads.price_per_hour', range.min === 0 ? '>=' : '>', range.min);
    if (range.max !== null) query.where('ads.price_per_hour', '<=', range.max);
  }
  if (f.edad) {
    query.join('advertisers', 'advertisers.id', 'ads.advertiser_id');
    const range = AGE_RANGES.find((r) => r.value === f.edad)!;
    const { earliest, latest } = birthDateBounds(range.min, range.max, now);
    query.where('advertisers.birth_date', '<=', latest);
    if (earliest) query.where('advertisers.birth_date', '>=', earliest);
  }
  for (const v of f.verificacion) {
    if (v === 'verificado') {
      query.whereExists((q) =>
        q.select(db.raw('1')).from('advertisers').whereRaw('advertisers.id = ads.advertiser_id').where('verification_status', 'verified'),
      );
    }
    if (v === 'fotos-reales') query.where('ads.photos_verified', true);
    if (v === 'premium') query.whereIn('ads.plan', ['premium', 'vip']).where('ads.plan_expires_at', '>', now);
  }
  // Within one group, any ticked value matches ("inglés o portugués"); groups combine with AND.
  if (f.idioma.length) query.whereRaw('(ads.languages_mask & ?) <> 0', [toMask(LANGUAGES, f.idioma)]);
  if (f.servicio.length) query.whereRaw('(ads.services_mask & ?) <> 0', [toMask(SERVICE_TYPES, f.servicio)]);
  if (f.atencion.length) query.whereRaw('(ads.attention_mask & ?) <> 0', [toMask(ATTENTION_TYPES, f.atencion)]);
}

function applyAvailability(db: Knex, query: Knex.QueryBuilder, value: NonNullable<SearchFilters['disponibilidad']>, now: Date) {
  const slotMask = (v: string) => toMask(TIME_SLOTS, [v]);
  const dayMask = (values: string[]) => toMask(DAY_GROUPS, values);
  switch (value) {
    case 'agenda-abierta':
      query.where('ads.open_schedule', true);
      return;
    case '24h':
      query.where('ads.is_24h', true);
      return;
    case 'ahora':
    case 'hoy': {
      // The weekly schedule or the advertiser's "Disponible ahora" switch; never while "Hoy no atiendo" holds.
      const { weekday, hour } = buenosAiresClock(now);
      query.where((either) =>
        either
          .where((scheduled) => {
            scheduled.whereRaw('(ads.days_mask & ?) <> 0', [dayMask(dayGroupsFor(weekday))]);
            if (value === 'ahora') {
              scheduled.where((q) => q.where('ads.is_24h', true).orWhereRaw('(ads.slots_mask & ?) <> 0', [slotMask(slotFor(hour))]));
            }
          })
          .orWhereIn('ads.id', adsWithWindowAt(db, 'available', now)),
      );
      query.whereNotIn('ads.id', adsWithWindowAt(db, 'off', now));
      return;
    }
    case 'lunes-viernes':
    case 'fines-semana':
    case 'domingos':
      query.whereRaw('(ads.days_mask & ?) <> 0', [dayMask([value])]);
      return;
    default:
      // A time slot: covered by the slot itself or by a 24-hour schedule.
      query.where((q) => q.where('ads.is_24h', true).orWhereRaw('(ads.slots_mask & ?) <> 0', [slotMask(value)]));
  }
}

/**
 * The ads of a search, counted and paged. With the in-memory index of the version in force (db/search/), the index
 * finds the page's ids and only their cards are read; without it, or for an order it does not keep, SQL does it all.
 * A later page linked from a page of the previous rotation window (`turno`, decision 064) follows that window's order,
 * worked out by SQL: the visitor going from page 1 to page 2 as the order turns sees no ad twice.
 */
export async function searchAds(db: Knex, f: SearchFilters, now = new Date(), index: CatalogueIndex | null = null): Promise<SearchResult> {
  const window = index ? index.rotationWindow : await readRotationWindow(db);
  const previous = f.orden === 'relevancia' && f.pagina > 1 && f.turno !== undefined && f.turno === window - 1;
  if (index?.answers(f) && !previous) {
    const found = index.search(f, now);
    const ads = await cardsByIds(db, found.ids, now, index);
    return { total: found.total, page: found.page, pages: found.pages, ads, rotationWindow: window };
  }
  await refreshMarkedRanks(db, now);
  const base = publicAds(db);
  applyFilters(db, base, f, now);
  const keys = await orderKeys(db, f.orden, now);
  const pageRows = (page: number) => {
    const rows = base
      .clone()
      .select(CARD_COLUMNS)
      .limit(RESULTS_PER_PAGE)
      .offset((page - 1) * RESULTS_PER_PAGE);
    if (previous) {
      // That window's ranks, computed for the ads of the search's category (all when none), as stored ranks are.
      const at = rotationWindowAt(rotationWindowStart(f.turno!));
      rows.join(turnRanks(db, now, at, f.categoria ? [f.categoria] : null).as('turn'), 'turn.id', 'ads.id');
      applyOrderKeys(db, rows, keys, now, RANKS_OF_TURN);
    } else applyOrderKeys(db, rows, keys, now);
    return rows as Promise<AdRow[]>;
  };

  // The count and the requested page are read side by side; a page past the end is read again as the last one.
  const [countRow, requestedRows] = await Promise.all([base.clone().count({ n: '*' }).first(), pageRows(f.pagina)]);
  const total = Number(countRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / RESULTS_PER_PAGE));
  const page = Math.min(f.pagina, pages);
  const rows = page === f.pagina ? requestedRows : await pageRows(page);
  const ads = (await cardFactsOf(db, rows, now)).map((facts) => cardAt(facts, now));
  return { total, page, pages, ads, rotationWindow: previous ? f.turno! : window };
}

/** The default order's stored factors read from a window's ranks joined as `turn` (turnRanks) instead of the row's. */
const RANKS_OF_TURN: Readonly<Record<string, FactorSql>> = {
  ...FACTOR_SQL,
  tier: { expression: () => [`turn.turn_rank / ${TIER_WEIGHT}`, []] },
  searchRank: { expression: () => ['turn.turn_rank', []] },
};

/**
 * Cards of published ads by id, in the order given (an ad unpublished meanwhile is left out). With the search index
 * of the version in force, what the cards are made of is kept with it (ad-cards.ts), and only ids not seen since
 * are read.
 */
export async function cardsByIds(db: Knex, ids: number[], now: Date, index: CatalogueIndex | null = null): Promise<AdCard[]> {
  const read = async (wanted: number[]) =>
    cardFactsOf(db, (await publicAds(db).whereIn('ads.id', wanted).select(CARD_COLUMNS)) as AdRow[], now);
  const facts = index ? await keptCardFacts(index, ids, now, read) : await read(ids);
  const byId = new Map(facts.map((f) => [f.card.id, f]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found ? [cardAt(found, now)] : [];
  });
}

/**
 * For search alerts (decision 038): how many public ads match `f` exactly as /buscar means it and were published
 * after `since`, and the newest of their publication dates (the alert's next mark).
 */
export async function newMatchesSince(
  db: Knex,
  f: SearchFilters,
  since: Date,
  now = new Date(),
): Promise<{ count: number; newest: Date | null }> {
  const query = publicAds(db).where('ads.published_at', '>', since);
  applyFilters(db, query, f, now);
  const row = (await query.select(db.raw('count(*) as n'), db.raw('max(ads.published_at) as newest')).first()) as
    { n: number | string; newest: Date | number | string | null } | undefined;
  const count = Number(row?.n ?? 0);
  return { count, newest: count > 0 && row?.newest != null ? new Date(row.newest) : null };
}
