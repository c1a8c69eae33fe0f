// What an advertiser writes in the ad form, validated the same way in the browser and on the server, with the
// Spanish message shown next to each field.
import { z } from 'zod';
import { phoneSchema } from './phone.ts';
import { placeNotOffered, ratesSchema, type RatePlace } from './rates.ts';
import {
  ATTENTION_TYPES,
  BARRIOS,
  CATEGORY_VALUES,
  DAY_GROUPS,
  LANGUAGES,
  PLANS,
  SERVICE_TYPES,
  TIME_SLOTS,
  type Category,
} from './catalogue.ts';

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((x) => x.value) as [T[number]['value'], ...T[number]['value'][]];
const barrioSlugs = BARRIOS.map((b) => b.slug) as [string, ...string[]];

export const adInputSchema = z
  .object({
    title: z.string().trim().min(5, 'El título debe tener al menos 5 caracteres.').max(80, 'El título puede tener hasta 80 caracteres.'),
    category: z.enum(CATEGORY_VALUES as [Category, ...Category[]], 'Elegí una categoría.'),
    zona: z.literal('caba', 'La zona es CABA.').default('caba'),
    barrio: z.enum(barrioSlugs, 'Elegí un barrio de la lista.').nullable().default(null),
    description: z
      .string()
      .trim()
      .min(30, 'Contá un poco más: la descripción necesita al menos 30 caracteres.')
      .max(4000, 'La descripción puede tener hasta 4000 caracteres.'),
    phone: phoneSchema,
    // Amounts per place and duration; the 1-hour rate is the ad's price per hour (shared/rates.ts).
    rates: ratesSchema.default({}),
    days: z
      .array(z.enum(values(DAY_GROUPS)))
      .max(DAY_GROUPS.length)
      .default([]),
    slots: z
      .array(z.enum(values(TIME_SLOTS)))
      .max(TIME_SLOTS.length)
      .default([]),
    is24h: z.boolean().default(false),
    openSchedule: z.boolean().default(false),
    languages: z
      .array(z.enum(values(LANGUAGES)))
      .max(LANGUAGES.length)
      .default([]),
    services: z
      .array(z.enum(values(SERVICE_TYPES)))
      .max(SERVICE_TYPES.length)
      .default([]),
    attention: z
      .array(z.enum(values(ATTENTION_TYPES)))
      .max(ATTENTION_TYPES.length)
      .default([]),
    plan: z.enum(values(PLANS), 'Elegí un plan.').default('gratuito'),
  })
  .superRefine((ad, ctx) => {
    // Rates only for the places the ad offers: the form shows (and sends) only those rows.
    for (const [place, amounts] of Object.entries(ad.rates)) {
      const message = Object.keys(amounts ?? {}).length ? placeNotOffered(place as RatePlace, ad.services) : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['rates', place], message });
    }
  });
export type AdInputForm = z.output<typeof adInputSchema>;
