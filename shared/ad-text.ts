// Text derived from an ad's fields: its URL slug and the folded text that search reads.
import { findBarrio, findCategory, foldText, zoneLabel } from './catalogue.ts';
import { pathIn } from './i18n/routes.ts';
import type { Locale } from './i18n/locales.ts';

export function slugify(text: string): string {
  return (
    foldText(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'anuncio'
  );
}

/** An ad's page: /anuncio/{slug}-{id}, and its address in another language (/pt/anuncio/…, /en/ad/…). */
export function adPath(ad: { id: number; slug: string }, locale: Locale = 'es'): string {
  return pathIn(locale, `/anuncio/${ad.slug}-${ad.id}`);
}

/** Parses the id out of '/anuncio/{slug}-{id}'; null when there is none. */
export function adIdFromParam(param: string | undefined): number | null {
  const match = /-(\d{1,9})$|^(\d{1,9})$/.exec(param ?? '');
  const id = Number(match?.[1] ?? match?.[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An ad id from what a visitor typed: the code shown on the ad ("1234") or its link in any language (…/anuncio/titulo-1234, …/ad/…). */
export function adIdFromReference(reference: string): number | null {
  const text = reference.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  const match = /\/(?:anuncio|ad)\/([^/?#\s]+)/.exec(text);
  return match ? adIdFromParam(match[1]) : null;
}

export function buildSearchText(ad: { title: string; description: string; barrio: string | null; category: string }): string {
  const barrio = findBarrio(ad.barrio);
  const parts = [
    ad.title,
    ad.description,
    barrio?.name ?? '',
    barrio ? `zona ${zoneLabel(barrio.zone)}` : '',
    findCategory(ad.category)?.label ?? '',
  ];
  return foldText(parts.join(' ')).replace(/\s+/g, ' ').trim();
}
