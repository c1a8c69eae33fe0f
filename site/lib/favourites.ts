// The visitor's favourites, kept only in this browser (docs/decisions/038-favourites-and-alerts.md): no account and
// nothing on the server. Each keeps what /favoritos needs to show it offline. Other tabs hear of changes through the
// storage event; this tab through FAVOURITES_CHANGED.
import { readLocal, removeLocal, writeLocal } from './storage.ts';
import { earnInstallOffer } from './install-offer.ts';

export const FAVOURITES_KEY = 'velada:favoritos';
export const FAVOURITES_CHANGED = 'velada:favoritos-cambiaron';
/** Enough for anyone; keeps the stored list (and the availability check, 100 ids a call) small. */
export const MAX_FAVOURITES = 100;

/**
 * An ad saved. `category`, `priceText` and `url` are as the page it was saved on wrote them, in that page's language;
 * the favourites page writes them again in its own (site/lib/favourite-display.ts) from the values kept beside them,
 * or, for a favourite saved before those were kept, from the texts themselves.
 */
export interface Favourite {
  id: number;
  /** The ad's code, as its page shows it. */
  code: string;
  title: string;
  category: string;
  barrio: string;
  priceText: string;
  /** The cover photo (400 px wide), or '' without photos. */
  thumbnail: string;
  /** The ad's page, on this site, in the language it was saved in. */
  url: string;
  /** ISO date. */
  savedAt: string;
  /** The category's value (shared/catalogue.ts). */
  categoryValue?: string;
  /** The price per hour in pesos; null: price on request. */
  pricePerHour?: number | null;
  /** Whether the 1-hour rates differ ("desde"). */
  priceFrom?: boolean;
}

const OPTIONAL_TYPES = { categoryValue: ['string'], pricePerHour: ['number', 'null'], priceFrom: ['boolean'] } as const;
const typeOf = (value: unknown) => (value === null ? 'null' : typeof value);

const isFavourite = (x: unknown): x is Favourite => {
  const f = x as Favourite;
  return (
    typeof f === 'object' &&
    f !== null &&
    Number.isInteger(f.id) &&
    f.id > 0 &&
    ['code', 'title', 'category', 'barrio', 'priceText', 'thumbnail', 'url', 'savedAt'].every(
      (k) => typeof (f as unknown as Record<string, unknown>)[k] === 'string',
    ) &&
    Object.entries(OPTIONAL_TYPES).every(([k, types]) => {
      const value = (f as unknown as Record<string, unknown>)[k];
      return value === undefined || (types as readonly string[]).includes(typeOf(value));
    }) &&
    f.url.startsWith('/')
  );
};

/** Newest first; anything malformed in storage is dropped, never trusted. */
export function readFavourites(): Favourite[] {
  try {
    const parsed: unknown = JSON.parse(readLocal(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFavourite) : [];
  } catch {
    return [];
  }
}

function save(list: Favourite[]): void {
  if (list.length) writeLocal(FAVOURITES_KEY, JSON.stringify(list));
  else removeLocal(FAVOURITES_KEY);
  document.dispatchEvent(new CustomEvent(FAVOURITES_CHANGED));
}

export function favouriteIds(): Set<number> {
  return new Set(readFavourites().map((f) => f.id));
}

export function addFavourite(favourite: Omit<Favourite, 'savedAt'>): void {
  const list = readFavourites().filter((f) => f.id !== favourite.id);
  save([{ ...favourite, savedAt: new Date().toISOString() }, ...list].slice(0, MAX_FAVOURITES));
  earnInstallOffer();
}

export function removeFavourite(id: number): void {
  save(readFavourites().filter((f) => f.id !== id));
}

/** Calls `listener` when the list changes here or in another tab. */
export function onFavouritesChange(listener: () => void): void {
  document.addEventListener(FAVOURITES_CHANGED, listener);
  window.addEventListener('storage', (event) => {
    if (event.key === FAVOURITES_KEY || event.key === null) listener();
  });
}
