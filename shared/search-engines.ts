// What search engines may index and under which address (docs/decisions/036-search-engines.md): the landing pages
// of a category in a barrio or zone (/masajes/palermo, /masajes/zona-norte), and the canonical and robots rules of
// the search. Pure: the pages, the sitemap and the tests read the same rules.
import { BARRIOS, CATEGORIES, ZONES, findBarrio, type Category, type Zone } from './catalogue.ts';
import { advancedFilterCount, isZone, type SearchFilters } from './search-filters.ts';
import { localizedPath, type Locale } from './i18n/locales.ts';

/** The robots meta of a page that must not be indexed but whose links may be followed. */
export const NOINDEX = 'noindex, follow';
/**
 * A landing address's segments in each language (docs/decisions/070-languages.md): the category's (Spanish: its route)
 * and a zone's (`zona-norte`, `zona-sul`, `north-zone`); a barrio is its own slug in every language. No barrio slug is
 * a zone's.
 */
const CATEGORY_SLUGS: Record<Locale, Record<Category, string>> = {
  es: Object.fromEntries(CATEGORIES.map((c) => [c.value, c.route.slice(1)])) as Record<Category, string>,
  pt: { escorts: 'acompanhantes', masajes: 'massagens', encuentros: 'encontros', trans: 'trans', 'taxi-boys': 'garotos-de-programa' },
  en: { escorts: 'escorts', masajes: 'massages', encuentros: 'dates', trans: 'trans', 'taxi-boys': 'male-escorts' },
};
const ZONE_SLUGS: Record<Locale, Record<Zone, string>> = {
  es: Object.fromEntries(ZONES.map((z) => [z.value, `zona-${z.value}`])) as Record<Zone, string>,
  pt: { premium: 'zona-premium', central: 'zona-central', sur: 'zona-sul', norte: 'zona-norte', oeste: 'zona-oeste' },
  en: { premium: 'premium-zone', central: 'central-zone', sur: 'south-zone', norte: 'north-zone', oeste: 'west-zone' },
};
const reverse = <V extends string>(slugs: Record<Locale, Record<V, string>>) =>
  Object.fromEntries(
    Object.entries(slugs).map(([locale, bySlug]) => [locale, new Map(Object.entries(bySlug).map(([value, slug]) => [slug, value as V]))]),
  ) as Record<Locale, Map<string, V>>;
const CATEGORY_OF_SLUG = reverse(CATEGORY_SLUGS);
const ZONE_OF_SLUG = reverse(ZONE_SLUGS);

export interface LandingPlace {
  /** The search's `zona` value: a barrio slug or a zone value. */
  zona: string;
  /** The last segment of the landing address. */
  slug: string;
  name: string;
  zone: Zone;
  kind: 'barrio' | 'zone';
}

export interface Landing {
  categoria: Category;
  place: LandingPlace;
  path: string;
}

/** The place of a `zona` filter value (barrio slug or zone value), or undefined. */
export function landingPlaceOf(zona: string, locale: Locale = 'es'): LandingPlace | undefined {
  if (isZone(zona)) {
    const zone = ZONES.find((z) => z.value === zona)!;
    return { zona, slug: ZONE_SLUGS[locale][zone.value], name: `zona ${zone.label}`, zone: zone.value, kind: 'zone' };
  }
  const barrio = findBarrio(zona);
  return barrio && { zona, slug: barrio.slug, name: barrio.name, zone: barrio.zone, kind: 'barrio' };
}

const pathOf = (locale: Locale, categoria: Category, place: LandingPlace) =>
  localizedPath(`/${CATEGORY_SLUGS[locale][categoria]}/${place.slug}`, locale);

/**
 * The landing address of a category in a barrio or zone: /masajes/palermo, /masajes/zona-norte; in the other
 * languages /pt/massagens/palermo, /en/massages/north-zone.
 */
export function landingPath(categoria: Category, zona: string, locale: Locale = 'es'): string {
  const place = landingPlaceOf(zona, locale);
  if (!place) throw new Error(`not a barrio or zone: ${zona}`);
  return pathOf(locale, categoria, place);
}

/** The landing page of an address's two segments (category, place) in `locale`, or null: the site's 404. */
export function findLanding(categorySlug: string | undefined, placeSlug: string | undefined, locale: Locale = 'es'): Landing | null {
  const categoria = CATEGORY_OF_SLUG[locale].get(categorySlug ?? '');
  if (!categoria || !placeSlug) return null;
  // A zone only by its slug, a barrio only by its own: one address per page.
  const zona = ZONE_OF_SLUG[locale].get(placeSlug) ?? (findBarrio(placeSlug) ? placeSlug : undefined);
  const place = zona === undefined ? undefined : landingPlaceOf(zona, locale);
  return place ? { categoria, place, path: pathOf(locale, categoria, place) } : null;
}

/** Every landing page in `locale`: each category in each barrio, then in each zone (5 x (48 + 5)). */
export function allLandings(locale: Locale = 'es'): Landing[] {
  const places = [...BARRIOS.map((b) => b.slug), ...ZONES.map((z) => z.value)].map((zona) => landingPlaceOf(zona, locale)!);
  return CATEGORIES.flatMap((c) => places.map((place) => ({ categoria: c.value, place, path: pathOf(locale, c.value, place) })));
}

export interface Indexing {
  /** Path (and query) of the page's canonical address; null for a page that is not indexed. */
  canonical: string | null;
  /** The robots meta, or null for the default (index, follow). */
  robots: typeof NOINDEX | null;
}

const NOT_INDEXED: Indexing = { canonical: null, robots: NOINDEX };

/**
 * The search's rule (/buscar, /search): one category and/or one barrio or zone on the first page, nothing else, is
 * indexed (a category with a place under its landing page's address); any other filter, a text, an order or a later
 * page is not.
 */
export function searchIndexing(f: SearchFilters): Indexing {
  const others = f.text !== '' || f.disponibilidad !== undefined || f.orden !== 'relevancia' || advancedFilterCount(f) > 0;
  if (others || f.pagina > 1) return NOT_INDEXED;
  if (f.categoria && f.zona) return { canonical: landingPath(f.categoria, f.zona), robots: null };
  const params = new URLSearchParams();
  if (f.categoria) params.set('categoria', f.categoria);
  if (f.zona) params.set('zona', f.zona);
  const query = params.toString();
  return { canonical: query ? `/buscar?${query}` : '/buscar', robots: null };
}

/** The first segment of every landing address in `locale` (its categories' slugs). */
export const landingCategorySlugs = (locale: Locale): string[] => Object.values(CATEGORY_SLUGS[locale]);

/** A landing page's rule: its first page is indexed under its own address; `?pagina=2` and later are not. */
export function landingIndexing(landing: Landing, pagina: number): Indexing {
  return pagina > 1 ? NOT_INDEXED : { canonical: landing.path, robots: null };
}

/** The absolute address of a path on the public origin (no trailing slash on the origin). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

export interface Crumb {
  name: string;
  /** Path (and query) on the site. */
  path: string;
}

/**
 * A trail as BreadcrumbList JSON-LD, ready to be the text of a `<script type="application/ld+json">`: names may be
 * an advertiser's words (an ad's title), so `<` is escaped and no `</script>` can end the element early.
 */
export function breadcrumbJsonLd(origin: string, items: Crumb[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
