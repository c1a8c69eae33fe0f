// The fixed vocabulary of the site: categories, zones, barrios and the values of every search filter.
// Site, API, seeds and tests read it from here so that a value means the same thing everywhere.

export const CATEGORIES = [
  { value: 'escorts', label: 'Acompañantes', route: '/acompanantes' },
  { value: 'masajes', label: 'Masajes', route: '/masajes' },
  { value: 'encuentros', label: 'Citas', route: '/encuentros-casuales' },
  { value: 'trans', label: 'Trans', route: '/trans' },
  { value: 'taxi-boys', label: 'Taxi Boys', route: '/taxi-boys' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as Category[];

export const ZONA = 'caba';

type BarrioDef = readonly [slug: string, name: string];
const ZONE_DEFS = [
  {
    value: 'premium',
    label: 'Premium',
    barrios: [
      ['palermo', 'Palermo'],
      ['recoleta', 'Recoleta'],
      ['belgrano', 'Belgrano'],
      ['puerto-madero', 'Puerto Madero'],
      ['nunez', 'Núñez'],
      ['colegiales', 'Colegiales'],
    ],
  },
  {
    value: 'central',
    label: 'Central',
    barrios: [
      ['retiro', 'Retiro'],
      ['san-nicolas', 'San Nicolás'],
      ['monserrat', 'Monserrat'],
      ['balvanera', 'Balvanera'],
      ['san-cristobal', 'San Cristóbal'],
      ['almagro', 'Almagro'],
      ['caballito', 'Caballito'],
      ['villa-crespo', 'Villa Crespo'],
      ['chacarita', 'Chacarita'],
    ],
  },
  {
    value: 'sur',
    label: 'Sur',
    barrios: [
      ['san-telmo', 'San Telmo'],
      ['la-boca', 'La Boca'],
      ['barracas', 'Barracas'],
      ['constitucion', 'Constitución'],
      ['parque-patricios', 'Parque Patricios'],
      ['nueva-pompeya', 'Nueva Pompeya'],
      ['boedo', 'Boedo'],
      ['parque-chacabuco', 'Parque Chacabuco'],
      ['villa-soldati', 'Villa Soldati'],
      ['villa-lugano', 'Villa Lugano'],
      ['villa-riachuelo', 'Villa Riachuelo'],
      ['parque-avellaneda', 'Parque Avellaneda'],
    ],
  },
  {
    value: 'norte',
    label: 'Norte',
    barrios: [
      ['saavedra', 'Saavedra'],
      ['coghlan', 'Coghlan'],
      ['villa-urquiza', 'Villa Urquiza'],
      ['villa-pueyrredon', 'Villa Pueyrredón'],
      ['villa-ortuzar', 'Villa Ortúzar'],
      ['parque-chas', 'Parque Chas'],
      ['agronomia', 'Agronomía'],
      ['la-paternal', 'La Paternal'],
    ],
  },
  {
    value: 'oeste',
    label: 'Oeste',
    barrios: [
      ['flores', 'Flores'],
      ['floresta', 'Floresta'],
      ['velez-sarsfield', 'Vélez Sarsfield'],
      ['villa-luro', 'Villa Luro'],
      ['liniers', 'Liniers'],
      ['mataderos', 'Mataderos'],
      ['versalles', 'Versalles'],
      ['monte-castro', 'Monte Castro'],
      ['villa-real', 'Villa Real'],
      ['villa-devoto', 'Villa Devoto'],
      ['villa-del-parque', 'Villa del Parque'],
      ['villa-santa-rita', 'Villa Santa Rita'],
      ['villa-general-mitre', 'Villa General Mitre'],
    ],
  },
] as const satisfies readonly { value: string; label: string; barrios: readonly BarrioDef[] }[];

export type Zone = (typeof ZONE_DEFS)[number]['value'];
export interface Barrio {
  slug: string;
  name: string;
  zone: Zone;
}
export const ZONES = ZONE_DEFS.map((z) => ({
  value: z.value as Zone,
  label: z.label,
  barrios: z.barrios.map(([slug, name]) => ({ slug, name, zone: z.value as Zone })),
}));
export const BARRIOS: Barrio[] = ZONES.flatMap((z) => z.barrios);
export const ZONE_VALUES = ZONES.map((z) => z.value);
const barrioBySlug = new Map(BARRIOS.map((b) => [b.slug, b]));

export function findBarrio(slug: string | null | undefined): Barrio | undefined {
  return slug ? barrioBySlug.get(slug) : undefined;
}
export function findCategory(value: string | null | undefined) {
  return CATEGORIES.find((c) => c.value === value);
}
export function zoneLabel(zone: string): string {
  return ZONES.find((z) => z.value === zone)?.label ?? zone;
}

/** Lower case, accents removed: the form in which text is compared ("Núñez" -> "nunez"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// Weekly availability. Days and slots are what an advertiser ticks; "ahora" and "hoy" are derived.
export const DAY_GROUPS = [
  { value: 'lunes-viernes', label: 'Lunes a viernes' },
  { value: 'fines-semana', label: 'Fines de semana' },
  { value: 'domingos', label: 'Domingos' },
] as const;
export type DayGroup = (typeof DAY_GROUPS)[number]['value'];

export const TIME_SLOTS = [
  { value: 'matutino', label: 'Matutino (6-12)', from: 6, to: 12 },
  { value: 'tarde', label: 'Tarde (12-18)', from: 12, to: 18 },
  { value: 'nocturno', label: 'Nocturno (18-24)', from: 18, to: 24 },
  { value: 'madrugada', label: 'Madrugada (0-6)', from: 0, to: 6 },
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number]['value'];

export const AVAILABILITY_OPTIONS = [
  { value: 'ahora', label: 'Disponible ahora' },
  { value: 'hoy', label: 'Disponible hoy' },
  { value: 'agenda-abierta', label: 'Agenda abierta' },
  { value: '24h', label: '24 horas' },
  ...TIME_SLOTS.map(({ value, label }) => ({ value, label })),
  ...DAY_GROUPS,
] as const;
export type Availability = (typeof AVAILABILITY_OPTIONS)[number]['value'];

export const SORT_OPTIONS = [
  { value: 'relevancia', label: 'Relevancia' },
  { value: 'recientes', label: 'Más recientes' },
  { value: 'populares', label: 'Más populares' },
  { value: 'precio-menor', label: 'Precio: menor a mayor' },
  { value: 'precio-mayor', label: 'Precio: mayor a menor' },
  { value: 'verificados', label: 'Verificados primero' },
] as const;
export type Sort = (typeof SORT_OPTIONS)[number]['value'];

export const PRICE_RANGES = [
  { value: '0-5000', label: 'Hasta $5.000', min: 0, max: 5000 },
  { value: '5000-10000', label: '$5.000 a $10.000', min: 5000, max: 10000 },
  { value: '10000-20000', label: '$10.000 a $20.000', min: 10000, max: 20000 },
  { value: '20000+', label: 'Más de $20.000', min: 20000, max: null },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]['value'];

export const AGE_RANGES = [
  { value: '18-25', label: '18 a 25', min: 18, max: 25 },
  { value: '26-35', label: '26 a 35', min: 26, max: 35 },
  { value: '36-45', label: '36 a 45', min: 36, max: 45 },
  { value: '45+', label: 'Más de 45', min: 46, max: null },
] as const;
export type AgeRange = (typeof AGE_RANGES)[number]['value'];

export const VERIFICATION_FILTERS = [
  { value: 'verificado', label: 'Identidad verificada' },
  { value: 'fotos-reales', label: 'Fotos reales' },
  { value: 'premium', label: 'Premium' },
] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number]['value'];

export const LANGUAGES = [
  { value: 'espanol', label: 'Español' },
  { value: 'ingles', label: 'Inglés' },
  { value: 'portugues', label: 'Portugués' },
  { value: 'frances', label: 'Francés' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

export const SERVICE_TYPES = [
  { value: 'presencial', label: 'Presencial' },
  { value: 'virtual', label: 'Virtual' },
  { value: 'domicilio', label: 'A domicilio' },
  { value: 'hotel', label: 'Hotel' },
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number]['value'];

export const ATTENTION_TYPES = [
  { value: 'individual', label: 'Individual' },
  { value: 'parejas', label: 'Parejas' },
  { value: 'grupos', label: 'Grupos' },
] as const;
export type AttentionType = (typeof ATTENTION_TYPES)[number]['value'];

export const PLANS = [
  { value: 'gratuito', label: 'Gratuito', images: 3, settingKey: null },
  { value: 'premium', label: 'Premium', images: 10, settingKey: 'price_premium' },
  { value: 'vip', label: 'VIP', images: 10, settingKey: 'price_vip' },
] as const;
export type Plan = (typeof PLANS)[number]['value'];

// 'held': hidden at once by a report of a possible minor or trafficking, until staff decide.
export const AD_STATES = ['draft', 'pending', 'published', 'held', 'expired', 'paused', 'rejected', 'removed'] as const;
export type AdState = (typeof AD_STATES)[number];
/**
 * The states in which an advertiser may change an ad or its photos, pause, renew or delete it: never while a
 * report holds it ('held') or after staff removed it ('removed'). Every owner write path checks this list in the
 * statement that changes the ad.
 */
export const OWNER_EDITABLE_STATES = [
  'draft',
  'pending',
  'published',
  'paused',
  'rejected',
  'expired',
] as const satisfies readonly AdState[];
/** Owner changes to an ad in these states send it back to review (staff approve every edit). */
export const REVIEWED_STATES = ['published', 'paused', 'rejected', 'expired'] as const satisfies readonly AdState[];

/** 12 fills every row of the results grid, which has 1 to 4 columns (site/styles/search-results.css). */
export const RESULTS_PER_PAGE = 12;

export function labelOf(list: readonly { value: string; label: string }[], value: string): string {
  return list.find((x) => x.value === value)?.label ?? value;
}
