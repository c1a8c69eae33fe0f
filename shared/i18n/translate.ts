// Interface texts through one i18next instance holding the three catalogues (docs/decisions/070-languages.md).
// Every caller names its locale (translator(locale)): a server answers visitors in several languages at once, so
// no "current language" is kept anywhere. A key missing in a language shows the Spanish text rather than the key;
// shared/i18n/messages.test.ts fails first.
import i18next from 'i18next';
import { es } from './messages/es.ts';
import { pt } from './messages/pt.ts';
import { en } from './messages/en.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

type Group = keyof typeof es;
/** 'ageGate.title': a group and a key of the Spanish catalogue. */
export type MessageKey = { [G in Group]: `${G}.${keyof (typeof es)[G] & string}` }[Group];
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export const CATALOGUES = { es, pt, en } as const;

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: CATALOGUES[locale] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  // Synchronous: the catalogues are in memory, and a page renders as soon as the module is loaded.
  initAsync: false,
  // Pages escape what they print (Astro, React); escaping here would print entities.
  interpolation: { escapeValue: false },
});

const translators = new Map<Locale, Translate>();

/** The texts of one locale. */
export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    const fixed = instance.getFixedT(locale);
    translate = (key, values) => fixed(key, values ?? {}) as string;
    translators.set(locale, translate);
  }
  return translate;
}
