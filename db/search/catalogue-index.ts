// An in-memory index of the public catalogue (docs/decisions/024-search-index.md): what searchAds needs to filter,
// count and order published ads, in typed arrays, and the words of their search text for prefix matching. A search
// through it scans the arrays in the order asked for and reads nothing from the database; the page's cards are then
// read by id. Built from one reading of the catalogue (loadIndexRows) and valid for the catalog version it was read
// at; it answers exactly what the SQL of search-ads.ts answers (search-index.test.ts compares the two).
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  BARRIOS,
  CATEGORIES,
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
import { birthDateBounds, dayNumber } from '#shared/dates.ts';
import { barrioSlugsOf, type SearchFilters } from '#shared/search-filters.ts';
import { searchTerms } from '#db/dialect.ts';
import { windowInForce } from '#shared/available-now.ts';
import { PLAN_TIERS } from '#shared/ranking.ts';
import type { IndexAnswer, IndexRow, IndexWindow } from './index-row.ts';
import { IndexOrders } from './index-orders.ts';
import { pageOf } from './index-pages.ts';
import { WordIndex } from './word-index.ts';
import { positionsByCode } from './positions-by-code.ts';
import { intersect, PositionSet, wordsFor, type Matches } from './position-sets.ts';
import { setBounded } from '#shared/bounded-memo.ts';

const NONE = 255;
const FLAG_PHOTOS = 1;
const FLAG_24H = 2;
const FLAG_OPEN = 4;
const FLAG_VERIFIED = 8;

export class CatalogueIndex {
  readonly version: number;
  /** The rotation window of the ranks it was built from (decision 064). */
  readonly rotationWindow: number;
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly category: Uint8Array;
  private readonly barrio: Uint8Array;
  private readonly price: Float64Array;
  private readonly flags: Uint8Array;
  private readonly plan: Uint8Array;
  private readonly planExpiresAt: Float64Array;
  private readonly masks: { days: Int32Array; slots: Int32Array; languages: Int32Array; services: Int32Array; attention: Int32Array };
  /** Birth dates as day numbers (shared/dates.ts), 0 when unknown: as strings, the age test was a twelfth of a search. */
  private readonly birthDays: Int32Array;
  /** The positions of ads with windows, and theirs: few ads have one at a time. */
  private readonly windows = new Map<number, IndexWindow[]>();
  /** The orders of shared/ranking.ts that the index keeps (index-orders.ts). */
  private orders!: IndexOrders;
  /** The words of the ads' search texts (filled by build). */
  private words!: WordIndex;
  /** Each category's ads as a set, and each barrio's positions, ascending (a zone's set is made of them). */
  private readonly byCategory: PositionSet[];
  private readonly byBarrio: Int32Array[];
  private readonly zoneCache = new Map<string, PositionSet>();
  /** The sets of the filters that depend on the catalogue only (a language, a price range...), made when first asked. */
  private readonly filterSets = new Map<string, PositionSet>();
  private readonly memo = new Map<string, Promise<unknown>>();
  /**
   * Scratch space of a search, reused (a search runs start to end without yielding): the matching positions, and
   * marks set on them while the order is walked (all 0 between searches).
   */
  private readonly hits: Int32Array;
  private readonly marks: Uint8Array;
  /** The intersection's words of bits (position-sets.ts). */
  private readonly scratch: Uint32Array;

  /**
   * The index of `rows` (in id order), built in slices with breaths in between: a build at 100,000 ads takes over a
   * second of the JavaScript thread, which must not stop the pages answered meanwhile for that long.
   */
  static async build(rows: IndexRow[], version: number, rotationWindow = 0): Promise<CatalogueIndex> {
    const index = new CatalogueIndex(rows, version, rotationWindow);
    index.words = await WordIndex.build(rows);
    index.orders = await IndexOrders.build(rows);
    return index;
  }

  private constructor(rows: IndexRow[], version: number, rotationWindow: number) {
    const n = rows.length;
    this.version = version;
    this.rotationWindow = rotationWindow;
    this.size = n;
    this.ids = new Int32Array(n);
    this.category = new Uint8Array(n);
    this.barrio = new Uint8Array(n);
    this.price = new Float64Array(n);
    this.flags = new Uint8Array(n);
    this.plan = new Uint8Array(n);
    this.planExpiresAt = new Float64Array(n);
    this.masks = {
      days: new Int32Array(n),
      slots: new Int32Array(n),
      languages: new Int32Array(n),
      services: new Int32Array(n),
      attention: new Int32Array(n),
    };
    this.birthDays = new Int32Array(n);
    this.hits = new Int32Array(n);
    this.marks = new Uint8Array(n);
    this.scratch = new Uint32Array(wordsFor(n));
    const categoryCode = new Map(CATEGORIES.map((c, i) => [c.value as string, i]));
    const barrioCode = new Map(BARRIOS.map((b, i) => [b.slug, i]));
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      this.category[i] = categoryCode.get(row.category) ?? NONE;
      this.barrio[i] = row.barrio === null ? NONE : (barrioCode.get(row.barrio) ?? NONE);
      this.price[i] = row.pricePerHour ?? Number.NaN;
      this.flags[i] =
        (row.photosVerified ? FLAG_PHOTOS : 0) |
        (row.is24h ? FLAG_24H : 0) |
        (row.openSchedule ? FLAG_OPEN : 0) |
        (row.advertiserVerified ? FLAG_VERIFIED : 0);
      this.plan[i] = Math.max(0, (PLAN_TIERS as readonly string[]).indexOf(row.plan));
      this.planExpiresAt[i] = row.planExpiresAt ?? Number.NaN;
      this.masks.days[i] = row.daysMask;
      this.masks.slots[i] = row.slotsMask;
      this.masks.languages[i] = row.languagesMask;
      this.masks.services[i] = row.servicesMask;
      this.masks.attention[i] = row.attentionMask;
      this.birthDays[i] = row.birthDate === null ? 0 : dayNumber(row.birthDate);
      if (row.windows?.length) this.windows.set(i, row.windows);
    });
    this.byCategory = positionsByCode(this.category, CATEGORIES.length).map((list) => PositionSet.of(list, n));
    this.byBarrio = positionsByCode(this.barrio, BARRIOS.length);
  }

  /**
   * A result that depends only on the public catalogue of this version and on what `key` names (a category, a day),
   * computed once and kept with the index: the next version's index starts empty.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let result = this.memo.get(key) as Promise<T> | undefined;
    if (!result) {
      result = compute();
      result.catch(() => this.memo.delete(key));
      setBounded(this.memo, key, result, 500);
    }
    return result;
  }

  /** Whether the index can answer these filters: every one, in every order it keeps (shared/ranking.ts: not by views). */
  answers(f: SearchFilters): boolean {
    return this.orders.keeps(f.orden);
  }

  search(f: SearchFilters, now: Date): IndexAnswer {
    const matches = this.matching(f, now);
    const total = matches.total;
    const pages = Math.max(1, Math.ceil(total / RESULTS_PER_PAGE));
    const page = Math.min(f.pagina, pages);
    const from = (page - 1) * RESULTS_PER_PAGE;
    const order = this.orders.walk(f.orden, now.getTime());
    const positions = pageOf(order, matches, from, this.marks, this.hits);
    return { total, page, pages, ids: Array.from(positions, (i) => this.ids[i]!) };
  }

  /**
   * The filters of applyFilters (search-ads.ts): the positions that pass them all, and how many do. The sets the
   * filters name (words, category, zone, languages, services, attention, price, verification) are intersected
   * (position-sets.ts); what depends on the clock (availability, age, a plan in force) is tested on what is left.
   */
  private matching(f: SearchFilters, now: Date): Matches {
    const n = this.size;
    const sets = searchTerms(foldText(f.text)).map((term) => this.words.withPrefix(term));
    if (f.categoria) sets.push(this.byCategory[CATEGORIES.findIndex((c) => c.value === f.categoria)] ?? PositionSet.EMPTY);
    if (f.zona) sets.push(this.zoneSet(f.zona));
    // A multi-valued filter matches an ad that shares one of its values: the union of each value's set.
    const anyOf = (name: string, masks: Int32Array, list: readonly { value: string }[], values: readonly string[]) =>
      PositionSet.union(
        values.map((value) => {
          const bit = toMask(list, [value]);
          return this.setWhere(`${name}=${value}`, (i) => (masks[i]! & bit) !== 0);
        }),
        n,
      );
    if (f.idioma.length) sets.push(anyOf('idioma', this.masks.languages, LANGUAGES, f.idioma));
    if (f.servicio.length) sets.push(anyOf('servicio', this.masks.services, SERVICE_TYPES, f.servicio));
    if (f.atencion.length) sets.push(anyOf('atencion', this.masks.attention, ATTENTION_TYPES, f.atencion));
    if (f.precio) {
      const range = PRICE_RANGES.find((r) => r.value === f.precio)!;
      const max = range.max ?? Number.POSITIVE_INFINITY;
      // (min, max], the lowest bucket from 0 inclusive; NaN (no price) fails every comparison, as NULL does in SQL.
      sets.push(
        this.setWhere(`precio=${f.precio}`, (i) => {
          const p = this.price[i]!;
          return (range.min === 0 ? p >= 0 : p > range.min) && p <= max;
        }),
      );
    }
    const tests: ((i: number) => boolean)[] = [];
    const nowMs = now.getTime();
    for (const v of f.verificacion) {
      if (v === 'verificado') sets.push(this.setWhere(v, (i) => (this.flags[i]! & FLAG_VERIFIED) !== 0));
      if (v === 'fotos-reales') sets.push(this.setWhere(v, (i) => (this.flags[i]! & FLAG_PHOTOS) !== 0));
      if (v === 'premium') tests.push((i) => this.plan[i]! >= 1 && this.planExpiresAt[i]! > nowMs);
    }
    if (f.disponibilidad) tests.push(this.availability(f.disponibilidad, now));
    if (f.edad) {
      const range = AGE_RANGES.find((r) => r.value === f.edad)!;
      const { earliest, latest } = birthDateBounds(range.min, range.max, now);
      const [from, to] = [earliest === null ? 1 : dayNumber(earliest), dayNumber(latest)];
      tests.push((i) => {
        const birth = this.birthDays[i]!;
        return birth !== 0 && birth >= from && birth <= to;
      });
    }
    const accept =
      tests.length === 0
        ? null
        : (i: number) => {
            for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) return false;
            return true;
          };
    return intersect(sets, n, accept, this.hits, this.scratch);
  }

  /** The positions that pass a test that depends on the catalogue only, named by `key`; kept for the next searches. */
  private setWhere(key: string, test: (i: number) => boolean): PositionSet {
    let set = this.filterSets.get(key);
    if (!set) this.filterSets.set(key, (set = PositionSet.where(this.size, test)));
    return set;
  }

  /** The positions of a zone's barrios; kept for the next searches. */
  private zoneSet(zona: string): PositionSet {
    let set = this.zoneCache.get(zona);
    if (!set) {
      const codes = new Set(barrioSlugsOf(zona).map((slug) => BARRIOS.findIndex((b) => b.slug === slug)));
      set = PositionSet.ofLists(
        this.byBarrio.filter((_, code) => codes.has(code)),
        this.size,
      );
      setBounded(this.zoneCache, zona, set, 200);
    }
    return set;
  }

  private availability(value: NonNullable<SearchFilters['disponibilidad']>, now: Date): (i: number) => boolean {
    const flag = (bit: number) => (i: number) => (this.flags[i]! & bit) !== 0;
    const days = (values: string[]) => {
      const mask = toMask(DAY_GROUPS, values);
      return (i: number) => (this.masks.days[i]! & mask) !== 0;
    };
    const slot = (v: string) => {
      const mask = toMask(TIME_SLOTS, [v]);
      return (i: number) => (this.flags[i]! & FLAG_24H) !== 0 || (this.masks.slots[i]! & mask) !== 0;
    };
    switch (value) {
      case 'agenda-abierta':
        return flag(FLAG_OPEN);
      case '24h':
        return flag(FLAG_24H);
      case 'ahora':
      case 'hoy': {
        // The schedule or the advertiser's "Disponible ahora"; never while "Hoy no atiendo" holds (as in SQL).
        const { weekday, hour } = buenosAiresClock(now);
        const today = days(dayGroupsFor(weekday));
        const current = slot(slotFor(hour));
        const scheduled = value === 'hoy' ? today : (i: number) => today(i) && current(i);
        const nowMs = now.getTime();
        return (i) => {
          const windows = this.windows.get(i);
          return !windows
            ? scheduled(i)
            : !windowInForce(windows, 'off', nowMs) && (scheduled(i) || windowInForce(windows, 'available', nowMs));
        };
      }
      case 'lunes-viernes':
      case 'fines-semana':
      case 'domingos':
        return days([value]);
      default:
        return slot(value);
    }
  }
}
