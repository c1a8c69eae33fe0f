// The ad form's state, derived from the ad schema (shared/ad-input.ts), and what the form sends from it.
import type { z } from 'zod';
import type { adInputSchema } from '#shared/ad-input.ts';
import { RATE_DURATIONS, ratePlacesOf, type RateDuration, type RatePlace, type Rates } from '#shared/rates.ts';

type AdFields = z.output<typeof adInputSchema>;

/** The rates table's inputs as typed, per place and duration. */
export type RateTexts = Partial<Record<RatePlace, Partial<Record<RateDuration, string>>>>;

/**
 * The form's state: the schema's fields (shared/ad-input.ts) as the inputs hold them: text for the rates and the
 * phone as typed, '' for a category or barrio not chosen yet; and the ad once saved, so that a retry or a reload
 * continues with it instead of creating another.
 */
export type AdDraft = Omit<AdFields, 'zona' | 'category' | 'barrio' | 'phone' | 'rates'> & {
  category: AdFields['category'] | '';
  barrio: string;
  phone: string;
  rates: RateTexts;
  adId: number | null;
};

export const EMPTY_AD: AdDraft = {
  title: '',
  category: '',
  barrio: '',
  description: '',
  phone: '',
  rates: {},
  days: [],
  slots: [],
  is24h: false,
  openSchedule: false,
  languages: ['espanol'],
  services: [],
  attention: [],
  plan: 'gratuito',
  adId: null,
};

/** An amount as typed: thousands dots, spaces and a '$' are fine ('$ 15.000'); anything else is not a number. */
const amountOf = (text: string) => Number(text.replace(/[\s.$]/g, ''));

/**
 * The rates the form sends: only the rows of the places the ad offers now (unticking a service drops its row), only
 * the cells with something typed.
 */
export function ratesPayload(texts: RateTexts, services: readonly string[]): Rates {
  const rates: Rates = {};
  for (const place of ratePlacesOf(services)) {
    for (const { value: duration } of RATE_DURATIONS) {
      const text = texts[place]?.[duration]?.trim();
      if (text) (rates[place] ??= {})[duration] = amountOf(text);
    }
  }
  return rates;
}

/** The rates of a saved ad as the inputs show them. */
export function rateTexts(rates: Rates): RateTexts {
  const texts: RateTexts = {};
  for (const [place, amounts] of Object.entries(rates))
    texts[place as RatePlace] = Object.fromEntries(Object.entries(amounts ?? {}).map(([duration, amount]) => [duration, String(amount)]));
  return texts;
}

/** What the form sends: the draft in the schema's shape (amounts as numbers, no barrio as null). */
export function draftPayload(draft: AdDraft) {
  return {
    title: draft.title,
    category: draft.category,
    zona: 'caba',
    barrio: draft.barrio || null,
    description: draft.description,
    phone: draft.phone,
    rates: ratesPayload(draft.rates, draft.services),
    days: draft.days,
    slots: draft.slots,
    is24h: draft.is24h,
    openSchedule: draft.openSchedule,
    languages: draft.languages,
    services: draft.services,
    attention: draft.attention,
    plan: draft.plan,
  };
}
