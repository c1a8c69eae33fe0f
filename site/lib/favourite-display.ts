// What the favourites page shows of a saved ad in its own language (docs/decisions/070-languages.md): a favourite
// keeps the texts of the page it was saved on, in that page's language, so the category, the price and the ad's
// address are written again here: from the values kept beside them, or, for favourites saved before those were kept
// (in any language), from the texts themselves. What cannot be read again shows as it was saved.
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { badges } from '#shared/i18n/messages/badges.ts';
import { categories } from '#shared/i18n/messages/vocabulary.ts';
import { categoryLabel, hourlyPriceText } from '#shared/format.ts';
import { pathIn, spanishPathOf } from '#shared/i18n/routes.ts';
import type { Favourite } from './favourites.ts';

export interface ShownFavourite {
  category: string;
  price: string;
  /** The ad's page in the favourites page's language. */
  url: string;
}

const isCategory = (value: string) => Object.hasOwn(categories.es, value);

/** The category's value: kept, or the one whose label (in any language) the favourite was saved with. */
function categoryOf(f: Favourite): string | undefined {
  if (f.categoryValue && isCategory(f.categoryValue)) return f.categoryValue;
  for (const locale of LOCALES) {
    const found = Object.entries(categories[locale]).find(([, label]) => label === f.category);
    if (found) return found[0];
  }
  return undefined;
}

/** The price's values: kept, or read from a card's text ('desde $ 5.000 / hora', 'ARS 5,000 / hour', 'Preço a consultar'). */
function priceOf(f: Favourite): { amount: number | null; from: boolean } | undefined {
  if (f.pricePerHour !== undefined) return { amount: f.pricePerHour, from: f.priceFrom === true };
  if (LOCALES.some((locale) => f.priceText === badges[locale].askPrice)) return { amount: null, from: false };
  if (!LOCALES.some((locale) => f.priceText.endsWith(` ${badges[locale].hour}`))) return undefined;
  const amount = Number(f.priceText.replace(/\D/g, ''));
  if (!Number.isSafeInteger(amount) || amount <= 0) return undefined;
  return { amount, from: LOCALES.some((locale) => f.priceText.startsWith(`${badges[locale].from} `)) };
}

export function shownFavourite(f: Favourite, locale: Locale): ShownFavourite {
  const category = categoryOf(f);
  const price = priceOf(f);
  return {
    category: category ? categoryLabel(category, locale) : f.category,
    price: price ? hourlyPriceText(price.amount, price.from, locale) : f.priceText,
    url: pathIn(locale, spanishPathOf(f.url)),
  };
}
