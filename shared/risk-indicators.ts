// The indicators of trafficking that research found reliable in ad texts (docs/decisions/043), read in the
// Spanish of Buenos Aires: an obscured or image-only phone number, language suggesting youth, "trust" phrasing and
// emphasis on ethnicity. "Nueva en la ciudad" and the like are deliberately absent: in the same research such
// wording was less likely, not more, to be linked to trafficking. Each indicator found is one reason with what
// matched and a weight; staff read them, nothing is refused for them. Texts are compared folded (shared/catalogue.ts).
import { foldText } from './catalogue.ts';
import { normalizePhone } from './phone.ts';

export type IndicatorKind = 'telefono_oculto' | 'lenguaje_juvenil' | 'confianza' | 'etnia';

export interface IndicatorFlag {
  kind: IndicatorKind;
  /** What matched, folded; several matches of one indicator are joined by ', '. */
  match: string;
  weight: number;
}

export const INDICATOR_WEIGHTS = {
  telefono_oculto: 3,
  lenguaje_juvenil: 3,
  confianza: 2,
  /** One mention in the description; an ethnicity in the title, or named more than once, weighs EMPHASIS_WEIGHT. */
  etnia: 1,
} as const satisfies Record<IndicatorKind, number>;
export const ETHNICITY_EMPHASIS_WEIGHT = 2;

const words = (list: string[]) => list.map((w) => w.replace(/\s+/g, '\\s+')).join('|');
/** A whole word or phrase of the list, not part of a longer word. */
const wholeWords = (list: string[], flags = 'g') => new RegExp(`(?<![a-z0-9])(?:${words(list)})(?![a-z0-9])`, flags);

// --- Obscured phone numbers -------------------------------------------------------------------------------------
// Digits written as words, so that a filter looking for digits misses them: "once cinco cinco cinco cero uno…".
const DIGIT_WORDS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
];
const DIGIT_WORD = `(?:${DIGIT_WORDS.join('|')}|\\d{1,4})`;
// At least four in a row (words or short digit groups), two of them words: "de uno a dos horas" is not a number.
const SPELLED_RUN = new RegExp(`(?<![a-z0-9])${DIGIT_WORD}(?:[\\s,.\\-/]+${DIGIT_WORD}){3,}(?![a-z0-9])`, 'g');
const DIGIT_WORD_ONLY = new RegExp(`^(?:${DIGIT_WORDS.join('|')})$`);
// Eight or more digits one by one, spaced or punctuated: "1 1 - 5 5 5 5 - 0 1 2 3".
const SPACED_DIGITS = /(?<![0-9])(?:\d[\s.\-_*/|]+){7,}\d(?![0-9])/g;
// Letters for digits ("II 5S5S 0I23"): runs of look-alike letters and digits, with digits and letters both.
const LOOKALIKE_RUN = /(?<![a-z0-9])[0-9oilszbg]+(?:[\s.\-_]+[0-9oilszbg]+)*(?![a-z0-9])/g;
// A number written in the text: eight to thirteen digits with the usual separators.
const WRITTEN_NUMBER = /(?<![0-9])\+?\d[\d\s.\-()]{6,18}\d(?![0-9])/g;
// The number only in the pictures: "número en la foto", "ver imagen para contacto".
const IMAGE_ONLY = [
  /(?<![a-z])(?:numero|telefono|tel|cel|celular|whatsapp|whats|wsp|wpp|contacto|datos)(?![a-z])[^.\n]{0,20}?(?<![a-z])(?:en|de)\s+(?:la|las|mi|mis|cada)?\s*(?:primera\s+|ultima\s+)?(?:foto|fotos|imagen|imagenes|image)(?![a-z])/g,
  /(?<![a-z])(?:ver|mira|mirar|fijate\s+en)\s+(?:la\s+|las\s+|mi\s+|mis\s+)?(?:foto|fotos|imagen|imagenes)\s+(?:para|por\s+el|por)\s+(?:el\s+|mi\s+)?(?:contacto|contactarme|contactar|numero|telefono|llamar|whatsapp)(?![a-z])/g,
];

function obscuredPhone(folded: string, adPhone: string | null): string[] {
  const found: string[] = [];
  for (const m of folded.matchAll(SPELLED_RUN)) {
    const parts = m[0].split(/[\s,.\-/]+/);
    if (parts.filter((p) => DIGIT_WORD_ONLY.test(p)).length >= 2) found.push(m[0]);
  }
  for (const m of folded.matchAll(SPACED_DIGITS)) found.push(m[0]);
  for (const m of folded.matchAll(LOOKALIKE_RUN)) {
    const chars = m[0].replace(/[\s.\-_]+/g, '');
    const digits = chars.replace(/\D/g, '').length;
    // A token that mixes both ("5s5s", "0i23"): runs of plain words and numbers ("solo 150 lo") are not it.
    const mixed = m[0].split(/[\s.\-_]+/).some((token) => /\d/.test(token) && /[a-z]/.test(token));
    if (chars.length >= 8 && digits >= 3 && mixed) found.push(m[0]);
  }
  for (const pattern of IMAGE_ONLY) for (const m of folded.matchAll(pattern)) found.push(m[0]);
  // A number in the text other than the ad's own: contact that dodges the checked phone field.
  if (adPhone) {
    for (const m of folded.matchAll(WRITTEN_NUMBER)) {
      const digits = m[0].replace(/\D/g, '');
      if (digits.length < 8 || digits.length > 13) continue;
      const e164 = normalizePhone(m[0]);
      if (e164 && e164 !== adPhone) found.push(`otro numero: ${m[0].trim()}`);
    }
  }
  return found;
}

// --- Language suggesting youth ------------------------------------------------------------------------------------
// The word list of shared/screening.ts keeps the hard terms (menor, nena, colegiala, ages under 18…); these are the
// softer ones. Left out on purpose, being how adults commonly describe themselves or address clients: "joven",
// "chiquita" (petite), "piba", "estudiante", "universitaria", "si es tu primera vez".
const YOUTH_TERMS = [
  'jovencita',
  'jovencitas',
  'jovencito',
  'muy joven',
  'muy jovencita',
  'chiquilina',
  'chiquilinas',
  'pendeja',
  'pendejita',
  'pendejitas',
  'aninada',
  'aninadas',
  'carita de nena',
  'cara de nena',
  'cara de nina',
  'carita de nina',
  'cuerpito de nena',
  'cuerpo de nena',
  'inexperta',
  'inexpertas',
  'mi primera vez',
  'soy virgen',
  'casi virgen',
  'todavia virgen',
  'sigo virgen',
  'virgencita',
  'recien cumpli',
  'recien cumplida',
  'recien cumplidos',
  'recien cumplidito',
];
const YOUTH = wholeWords(YOUTH_TERMS);
// "primera vez que trabajo", "18 añitos", "18 recién".
const YOUTH_PATTERNS = [
  /(?<![a-z])primera\s+vez\s+que\s+(?:trabajo|atiendo|hago\s+esto|me\s+animo|publico)(?![a-z])/g,
  /(?<![0-9])1[89]\s*(?:anitos|pirulitos)(?![a-z])/g,
  /(?<![0-9])18\s+recien(?![a-z])/g,
];

// --- "Trust" phrasing -------------------------------------------------------------------------------------------
// The advertiser insisting on being trustworthy or safe. "Discreto/discreción" alone is not it: nearly every ad
// promises discretion, and the research's indicator is the insistence on trust.
const TRUST_TERMS = [
  'de confianza',
  'confia en mi',
  'confiar en mi',
  'podes confiar',
  'puedes confiar',
  'confiable',
  'confiables',
  '100% confiable',
  'totalmente confiable',
  'seguro y discreto',
  'segura y discreta',
  'lugar seguro',
  'ambiente seguro',
  'totalmente segura',
  'totalmente seguro',
  '100% segura',
  '100% seguro',
  'sin riesgo',
  'sin riesgos',
];
const TRUST = new RegExp(`(?<![a-z0-9])(?:${words(TRUST_TERMS).replace(/%/g, '\\s*%')})(?![a-z0-9])`, 'g');

// --- Ethnicity as a selling point ---------------------------------------------------------------------------------
// Nationalities and ethnic labels. "Argentina" is left out (the site's own city); "morena", "negra", "china" and
// "india" too, being hair colours, nicknames or words of other senses. Massage styles ("masaje oriental",
// "masajes tailandeses") name a technique, not a person.
const ETHNIC_LABELS = [
  'venezolan',
  'paraguay',
  'dominican',
  'colombian',
  'peruan',
  'bolivian',
  'brasiler',
  'brasilen',
  'brasilian',
  'cuban',
  'haitian',
  'asiatic',
  'orientalit',
  'japones',
  'corean',
  'tailandes',
  'filipin',
  'african',
  'mulat',
  'caribe',
  'latin',
  'rus',
  'ucranian',
  'europe',
  'exotic',
];
const ENDINGS = '(?:a|as|o|os|ita|itas|e|es|na|nas)?';
const ETHNIC = new RegExp(
  `(?<!(?:masaje|masajes|tecnica|tecnicas|estilo|medicina|cocina|comida|musica|ritmo|ritmos)\\s)(?<![a-z0-9])(?:${ETHNIC_LABELS.join('|')})${ENDINGS}(?![a-z0-9])|(?<!(?:masaje|masajes|tecnica|tecnicas|estilo|medicina|filosofia)\\s)(?<![a-z0-9])oriental(?:es)?(?![a-z0-9])`,
  'g',
);

function ethnicMentions(folded: string): string[] {
  return [...folded.matchAll(ETHNIC)].map((m) => m[0]);
}

/** What matched, each once, in order. */
const unique = (list: string[]) => [...new Set(list.map((s) => s.replace(/\s+/g, ' ').trim()))];

/** The indicators found in an ad's title and description; `phone` is the ad's own (E.164), to tell another apart. */
export function screenIndicators(ad: { title: string | null; description: string | null; phone?: string | null }): IndicatorFlag[] {
  const title = foldText(ad.title ?? '');
  // A full stop between them: no phrase runs from the title into the description.
  const text = `${title}\n.\n${foldText(ad.description ?? '')}`;
  const flags: IndicatorFlag[] = [];
  const add = (kind: IndicatorKind, matches: string[], weight: number = INDICATOR_WEIGHTS[kind]) => {
    const list = unique(matches);
    if (list.length) flags.push({ kind, match: list.join(', '), weight });
  };
  add('telefono_oculto', obscuredPhone(text, ad.phone ?? null));
  add('lenguaje_juvenil', [
    ...[...text.matchAll(YOUTH)].map((m) => m[0]),
    ...YOUTH_PATTERNS.flatMap((p) => [...text.matchAll(p)].map((m) => m[0])),
  ]);
  add(
    'confianza',
    [...text.matchAll(TRUST)].map((m) => m[0]),
  );
  const ethnic = ethnicMentions(text);
  // One mention may be how someone describes herself; in the title or repeated it is being sold.
  const emphasised = ethnic.length >= 2 || ethnicMentions(title).length > 0;
  add('etnia', ethnic, emphasised ? ETHNICITY_EMPHASIS_WEIGHT : INDICATOR_WEIGHTS.etnia);
  return flags;
}
