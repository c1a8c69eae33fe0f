// The value of the search's `idioma` filter that a page's language means (docs/decisions/070-languages.md): the
// "Fala português" / "Speaks English" chip of the Portuguese and English searches. None for Spanish: every advertiser
// in Buenos Aires speaks it.
import type { Language } from '../catalogue.ts';
import type { Locale } from './locales.ts';

export const SPOKEN_LANGUAGE: Partial<Record<Locale, Language>> = { pt: 'portugues', en: 'ingles' };
