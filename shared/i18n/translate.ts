// Interface texts through one i18next instance holding the three catalogues (docs/decisions/070-languages.md).
// Every caller names its locale (translator(locale)): a server answers visitors in several languages at once, so
// no "current language" is kept anywhere. A key missing in a language shows the Spanish text rather than the key;
// shared/i18n/messages.test.ts fails first.
import i18next from 'i18next';
import { ageGate } from './messages/age-gate.ts';
import { avoidScams } from './messages/avoid-scams.ts';
import { cookies } from './messages/cookies.ts';
import { install } from './messages/install.ts';
import { header } from './messages/header.ts';
import { footer } from './messages/footer.ts';
import { notFound } from './messages/not-found.ts';
import { languageSuggestion } from './messages/language-suggestion.ts';
import { badges } from './messages/badges.ts';
import { home } from './messages/home.ts';
import { search } from './messages/search.ts';
import { searchLive } from './messages/search-live.ts';
import { adPage } from './messages/ad-page.ts';
import { landing } from './messages/landing.ts';
import { rateDurations, ratePlaces } from './messages/rate-labels.ts';
import { transparency } from './messages/transparency.ts';
import { serviceTimes } from './messages/service-times.ts';
import { durations } from './messages/durations.ts';
import { refusalCategories, reportReasons } from './messages/reasons.ts';
import { termsSummary } from './messages/terms-summary.ts';
import { privacySummary } from './messages/privacy-summary.ts';
import { adCheck } from './messages/ad-check.ts';
import { favourites, favouritesLive } from './messages/favourites.ts';
import { alertNotifications, searchAlerts } from './messages/search-alerts.ts';
import * as vocabulary from './messages/vocabulary.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/** The catalogue's parts, one file each under messages/ with its three languages side by side. */
const PARTS = {
  ageGate,
  avoidScams,
  cookies,
  install,
  header,
  footer,
  notFound,
  languageSuggestion,
  badges,
  home,
  search,
  searchLive,
  adPage,
  landing,
  ratePlaces,
  rateDurations,
  transparency,
  serviceTimes,
  durations,
  refusalCategories,
  reportReasons,
  termsSummary,
  privacySummary,
  adCheck,
  favourites,
  favouritesLive,
  searchAlerts,
  alertNotifications,
  ...vocabulary,
} as const;
type Parts = typeof PARTS;

/** 'ageGate.title': a part and a key of its Spanish texts. */
export type MessageKey = { [P in keyof Parts]: `${P}.${keyof Parts[P]['es'] & string}` }[keyof Parts];
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

type Catalogue = Record<string, Record<string, string>>;
/** Each language's whole catalogue, as i18next takes it: { part: { key: text } }. */
const catalogueOf = (locale: Locale): Catalogue =>
  Object.fromEntries(Object.entries(PARTS).map(([part, texts]) => [part, texts[locale] as Record<string, string>]));
export const CATALOGUES: Record<Locale, Catalogue> = { es: catalogueOf('es'), pt: catalogueOf('pt'), en: catalogueOf('en') };

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
