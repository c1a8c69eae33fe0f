// The rates table's places and durations in each language, keyed by their values (shared/rates.ts, whose labels are
// the Spanish ones). Read on the server through translator() (docs/decisions/070-languages.md).
import { GENERAL_RATE_LABEL, RATE_DURATIONS, RATE_PLACES } from '../../rates.ts';
import type { Texts } from './texts.ts';

const placesEs = {
  ...(Object.fromEntries(RATE_PLACES.map((p) => [p.value, p.label])) as { readonly [P in (typeof RATE_PLACES)[number]['value']]: string }),
  general: GENERAL_RATE_LABEL,
};
export const ratePlaces = {
  es: placesEs,
  pt: { propio: 'Local próprio', domicilio: 'A domicílio', hotel: 'Hotel', general: 'Preço' },
  en: { propio: 'Own place', domicilio: 'Home visit', hotel: 'Hotel', general: 'Rate' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof placesEs>>;

const durationsEs = Object.fromEntries(RATE_DURATIONS.map((d) => [d.value, d.label])) as {
  readonly [D in (typeof RATE_DURATIONS)[number]['value']]: string;
};
export const rateDurations = {
  es: durationsEs,
  pt: { '30min': '30 min', '1h': '1 hora', '2h': '2 horas', noche: 'Noite' },
  en: { '30min': '30 min', '1h': '1 hour', '2h': '2 hours', noche: 'Overnight' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof durationsEs>>;
