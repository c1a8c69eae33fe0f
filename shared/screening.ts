// Screening of ad texts for red flags (decisions.md, Trust and safety): terms that suggest a minor or someone
// who is not free to decide. A match does not reject anything by itself: the ad is held for staff review with
// the reasons shown to them. The list lives here, in one place; compare folded (no accents, lower case).
import { foldText } from './catalogue.ts';
import { screenIndicators } from './risk-indicators.ts';
import type { ReviewFlag } from './review-flags.ts';

export interface RedFlag {
  kind: 'posible_menor' | 'posible_coercion';
  /** What matched, as it reads in the folded text. */
  match: string;
}

// Whole words or phrases, folded. Keep them specific: staff read every flag.
const MINOR_TERMS = [
  'menor',
  'menores',
  'menor de edad',
  'nena',
  'nenita',
  'nenitas',
  'colegiala',
  'colegialas',
  'escolar',
  'adolescente',
  'adolescentes',
  'teen',
  'teens',
  'lolita',
  'jovencita de secundaria',
  'secundaria',
  'quinceanera',
  'sin dni',
];
const COERCION_TERMS = [
  'obligada',
  'obligado',
  'forzada',
  'forzado',
  'retenida',
  'me retienen',
  'sin documentos',
  'me sacaron el documento',
  'tengo una deuda',
  'pago deuda',
  'vendo chica',
  'vendo chicas',
  'chicas nuevas cada semana',
  'mi dueno',
  'su dueno',
  'encargado cobra',
];
// "16 años", "17 anos", "15 añitos": an age under 18 written out.
const UNDER_AGE = /\b(1[0-7]|[1-9])\s*(anos|anitos|pirulos)\b/g;

function wordPattern(term: string): RegExp {
  return new RegExp(`(^|[^a-z0-9])${term.replace(/\s+/g, '\\s+')}(?=$|[^a-z0-9])`);
}
const PATTERNS: [RedFlag['kind'], string, RegExp][] = [
  ...MINOR_TERMS.map((t): [RedFlag['kind'], string, RegExp] => ['posible_menor', t, wordPattern(t)]),
  ...COERCION_TERMS.map((t): [RedFlag['kind'], string, RegExp] => ['posible_coercion', t, wordPattern(t)]),
];

/** The red flags in any of the texts, each term once; empty when the texts look fine. */
export function screenAdText(...texts: (string | null | undefined)[]): RedFlag[] {
  // 'ñ' folds to 'n' ("años" -> "anos"); everything else loses its accents.
  const folded = foldText(texts.filter(Boolean).join('\n'));
  const flags: RedFlag[] = [];
  for (const [kind, term, pattern] of PATTERNS) if (pattern.test(folded)) flags.push({ kind, match: term });
  for (const m of folded.matchAll(UNDER_AGE)) flags.push({ kind: 'posible_menor', match: m[0] });
  return flags.filter((f, i) => flags.findIndex((g) => g.match === f.match) === i);
}

/** Every flag an ad's text raises: the word list's hard terms and the indicators of shared/risk-indicators.ts. */
export function screenAdContent(ad: { title: string | null; description: string | null; phone?: string | null }): ReviewFlag[] {
  return [...screenAdText(ad.title, ad.description), ...screenIndicators(ad)];
}
