// The places a visitor may type in the home's barrio box: the 48 barrios, the five zones, and the everyday names
// porteños use for part of a barrio ("Once", "Microcentro", "Palermo Soho"), each leading to the `zona` filter it
// means. The home's combobox suggests them; the search resolves the box's text with them (docs/decisions/061-places.md).
import { BARRIOS, ZONES, foldText, type Barrio } from './catalogue.ts';

export interface Place {
  /** What the visitor reads and what fills the box: "Balvanera", "Zona Sur", "Once". */
  name: string;
  /** The `zona` filter it sets: a barrio slug or a zone value. */
  zona: string;
  /**
   * Said after the name in a suggestion: the barrio of an everyday name, the zone of a barrio (names, the same in every
   * language); for a zone, how many barrios it has (the suggestion words it in the page's language).
   */
  detail: string | { barrios: number };
}

/** Everyday names and their barrio (the part of the city they name lies mostly or wholly in it). */
const EVERYDAY_NAMES: readonly (readonly [name: string, barrio: string])[] = [
  ['Once', 'balvanera'],
  ['Abasto', 'balvanera'],
  ['Congreso', 'balvanera'],
  ['Microcentro', 'san-nicolas'],
  ['Centro', 'san-nicolas'],
  ['Tribunales', 'san-nicolas'],
  ['Plaza de Mayo', 'monserrat'],
  ['Palermo Soho', 'palermo'],
  ['Palermo Hollywood', 'palermo'],
  ['Palermo Chico', 'palermo'],
  ['Palermo Viejo', 'palermo'],
  ['Las Cañitas', 'palermo'],
  ['Barrio Norte', 'recoleta'],
  ['Barrio Chino', 'belgrano'],
  ['Belgrano R', 'belgrano'],
  ['Bajo Belgrano', 'belgrano'],
  ['Parque Centenario', 'caballito'],
  ['Madero', 'puerto-madero'],
  ['Devoto', 'villa-devoto'],
  ['Urquiza', 'villa-urquiza'],
  ['Lugano', 'villa-lugano'],
  ['Pompeya', 'nueva-pompeya'],
  ['Paternal', 'la-paternal'],
  ['Boca', 'la-boca'],
];

const barrioBySlug = new Map<string, Barrio>(BARRIOS.map((b) => [b.slug, b]));
const zoneName = (zone: string) => `Zona ${ZONES.find((z) => z.value === zone)!.label}`;

export const PLACES: readonly Place[] = [
  ...BARRIOS.map((b) => ({ name: b.name, zona: b.slug, detail: zoneName(b.zone) })),
  ...ZONES.map((z) => ({ name: `Zona ${z.label}`, zona: z.value, detail: { barrios: z.barrios.length } })),
  ...EVERYDAY_NAMES.map(([name, slug]) => ({ name, zona: slug, detail: barrioBySlug.get(slug)!.name })),
];

const folded = PLACES.map((place) => ({ place, key: foldText(place.name) }));
const byKey = new Map(folded.map(({ place, key }) => [key, place]));

/** Case, accents and repeated spaces do not matter: "  once ", "NÚÑEZ", "zona  sur". */
function keyOf(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/**
 * The place a text names exactly, if any: "Once" -> Balvanera's filter, "Barrio Norte" -> Recoleta's, "barrio
 * Núñez" -> Núñez's; "masajes Once" names none.
 */
export function findPlace(text: string): Place | undefined {
  const key = keyOf(text);
  return byKey.get(key) ?? byKey.get(key.replace(/^barrio /, ''));
}

/**
 * Suggestions for what is typed so far, best first: names that start with it, then names with a word that starts
 * with it ("soho" -> Palermo Soho), each group in alphabetical order.
 */
export function suggestPlaces(text: string, limit = 8): Place[] {
  const typed = keyOf(text);
  if (!typed) return [];
  const starts = folded.filter(({ key }) => key.startsWith(typed));
  const inWord = folded.filter(({ key }) => !key.startsWith(typed) && key.split(' ').some((word) => word.startsWith(typed)));
  const byName = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
  return [...starts.sort(byName), ...inWord.sort(byName)].slice(0, limit).map(({ place }) => place);
}
