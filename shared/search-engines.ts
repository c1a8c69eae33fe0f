// What search engines may index and under which address (docs/decisions/036-search-engines.md): the landing pages
// of a category in a barrio or zone (/masajes/palermo, /masajes/zona-norte), and the canonical and robots rules of
// the search. Pure: the pages, the sitemap and the tests read the same rules.
import { BARRIOS, CATEGORIES, ZONES, findBarrio, type Category, type Zone } from './catalogue.ts';
import { advancedFilterCount, isZone, type SearchFilters } from './search-filters.ts';

/** The robots meta of a page that must not be indexed but whose links may be followed. */
export const NOINDEX = 'noindex, follow';
/** A zone's place in a landing address: `zona-norte` (no barrio slug starts with it). */
const ZONE_PREFIX = 'zona-';

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
export function landingPlaceOf(zona: string): LandingPlace | undefined {
  if (isZone(zona)) {
    const zone = ZONES.find((z) => z.value === zona)!;
    return { zona, slug: `${ZONE_PREFIX}${zona}`, name: `zona ${zone.label}`, zone: zone.value, kind: 'zone' };
  }
  const barrio = findBarrio(zona);
  return barrio && { zona, slug: barrio.slug, name: barrio.name, zone: barrio.zone, kind: 'barrio' };
}

/** The landing address of a category in a barrio or zone: /masajes/palermo, /masajes/zona-norte. */
export function landingPath(categoria: Category, zona: string): string {
  const category = CATEGORIES.find((c) => c.value === categoria)!;
  const place = landingPlaceOf(zona);
  if (!place) throw new Error(`not a barrio or zone: ${zona}`);
  return `${category.route}/${place.slug}`;
}

/** The landing page of an address's two segments (category route, place), or null: the site's 404. */
export function findLanding(categoryRoute: string | undefined, placeSlug: string | undefined): Landing | null {
  const category = CATEGORIES.find((c) => c.route === `/${categoryRoute}`);
  if (!category || !placeSlug) return null;
  // A zone only with its prefix, a barrio only without: one address per page.
  const zone = placeSlug.startsWith(ZONE_PREFIX);
  const zona = zone ? placeSlug.slice(ZONE_PREFIX.length) : placeSlug;
  const place = (zone ? isZone(zona) : findBarrio(zona) !== undefined) ? landingPlaceOf(zona) : undefined;
  return place ? { categoria: category.value, place, path: `${category.route}/${place.slug}` } : null;
}

/** Every landing page: each category in each barrio, then in each zone (5 x (48 + 5)). */
export function allLandings(): Landing[] {
  const places = [...BARRIOS.map((b) => b.slug), ...ZONES.map((z) => z.value)].map((zona) => landingPlaceOf(zona)!);
  return CATEGORIES.flatMap((c) => places.map((place) => ({ categoria: c.value, place, path: `${c.route}/${place.slug}` })));
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
  return { canonical: indexedSearchPath('/buscar', f), robots: null };
}

/** An indexed search at `searchPath` (the search's address in a language): its category and place only. */
export function indexedSearchPath(searchPath: string, f: Pick<SearchFilters, 'categoria' | 'zona'>): string {
  const params = new URLSearchParams();
  if (f.categoria) params.set('categoria', f.categoria);
  if (f.zona) params.set('zona', f.zona);
  const query = params.toString();
  return query ? `${searchPath}?${query}` : searchPath;
}

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
