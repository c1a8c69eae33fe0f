// The ad form's state, derived from the ad schema (shared/ad-input.ts), and what the form sends from it.
import type { z } from 'zod';
import type { adInputSchema } from '#shared/ad-input.ts';

type AdFields = z.output<typeof adInputSchema>;

/**
 * The form's state: the schema's fields (shared/ad-input.ts) as the inputs hold them: text for the price and the
 * phone as typed, '' for a category or barrio not chosen yet; and the ad once saved, so that a retry or a reload
 * continues with it instead of creating another.
 */
export type AdDraft = Omit<AdFields, 'zona' | 'category' | 'barrio' | 'phone' | 'pricePerHour'> & {
  category: AdFields['category'] | '';
  barrio: string;
  phone: string;
  pricePerHour: string;
  adId: number | null;
};

export const EMPTY_AD: AdDraft = {
  title: '',
  category: '',
  barrio: '',
  description: '',
  phone: '',
  pricePerHour: '',
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

/** What the form sends: the draft in the schema's shape (the price as a number, no barrio as null). */
export function draftPayload(draft: AdDraft) {
  return {
    title: draft.title,
    category: draft.category,
    zona: 'caba',
    barrio: draft.barrio || null,
    description: draft.description,
    phone: draft.phone,
    pricePerHour: draft.pricePerHour.trim() === '' ? null : Number(draft.pricePerHour.replace(/\./g, '')),
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
