// An ad's details as its page lists them, in the page's language (site/components/ad-page.astro): category, barrio
// and zone, age, schedule, languages, service and attention; "A consultar" where the advertiser said nothing.
import { findBarrio } from '#shared/catalogue.ts';
import type { PublicAdView } from '#shared/contracts/public/ad-page.ts';
import { barrioName, categoryLabel } from '#shared/format.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { translator } from '#shared/i18n/translate.ts';
import { vocabularyLabel, type VocabularyPart } from '#shared/i18n/vocabulary.ts';

export interface AdDetails {
  /** The languages she speaks ("Español" when none is marked), also said under the title. */
  languages: string;
  /** Term and value, in the page's order. */
  details: [string, string][];
}

export function adDetails(ad: PublicAdView, locale: Locale): AdDetails {
  const t = translator(locale);
  const label = (part: VocabularyPart, value: string) => vocabularyLabel(locale, part, value);
  const listed = (part: VocabularyPart, values: readonly string[]) => values.map((v) => label(part, v)).join(', ') || t('adPage.toAsk');
  const barrio = findBarrio(ad.barrio);
  const schedule = [
    ...ad.days.map((d) => label('availability', d)),
    ...(ad.is24h ? [label('availability', '24h')] : ad.slots.map((s) => label('availability', s))),
    ...(ad.openSchedule ? [label('availability', 'agenda-abierta')] : []),
  ];
  const languages = ad.languages.map((v) => label('languages', v)).join(', ') || label('languages', 'espanol');
  const details: [string, string][] = [
    [t('adPage.category'), categoryLabel(ad.category, locale)],
    [t('adPage.barrio'), barrio ? t('adPage.barrioInZone', { barrio: barrio.name, zone: label('zones', barrio.zone) }) : barrioName(null)],
    ...(ad.age !== null ? [[t('adPage.age'), t('adPage.ageValue', { age: ad.age })] as [string, string]] : []),
    [t('adPage.availability'), schedule.join(' · ') || t('adPage.toAsk')],
    [t('adPage.languages'), languages],
    [t('adPage.service'), listed('services', ad.services)],
    [t('adPage.attention'), listed('attention', ad.attention)],
  ];
  return { languages, details };
}
