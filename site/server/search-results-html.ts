// What a search shows under its form (docs/decisions/057-markup-as-text.md): the chips of the filters applied, the
// VIP banner, the count, the cards and the pagination. Inside /buscar and the landing pages, and alone in
// /buscar/resultados, which the form's script fetches to swap the results in place. Written as text: it is rendered
// on every search the render cache does not hold. Styles: site/styles/search-results.css.
import type { AdCardView, SearchResultsView } from '#shared/contracts/public/search.ts';
import { toSearchParams, type SearchFilters } from '#shared/search-filters.ts';
import { appliedFilters } from '#shared/applied-filters.ts';
import { adPath } from '#shared/ad-text.ts';
import { formatCount } from '#shared/format.ts';
import { html, type Html } from '#shared/html.ts';
import { cardMetaText, coverHtml, resultCardsHtml } from './ad-card-html.ts';
import { HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import { SPOKEN_LANGUAGE } from '#shared/i18n/spoken-language.ts';
import { vocabularyLabel } from '#shared/i18n/vocabulary.ts';
import { pathIn } from '#shared/i18n/routes.ts';
import { translator, type Translate } from '#shared/i18n/translate.ts';

const CROSS = html`<svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16"><path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z"></path></svg>`;

/**
 * The filters applied, each a link to the same search without it. They come with the results, so a search swapped in
 * by the script brings its own, and their count, which the phone's "Filtros (n)" button shows.
 */
function chipsHtml(filters: SearchFilters, locale: Locale, t: Translate): Html {
  const chips = appliedFilters(filters, locale);
  const searchPath = pathIn(locale, '/buscar');
  const list =
    chips.length > 0 &&
    html`<ul class="chips__list" aria-label="${t('search.chips')}">${chips.map(
      (chip) =>
        html`<li><a class="chip" href="${searchPath}${chip.without ? `?${chip.without}` : ''}" data-remove-filter aria-label="${t('search.removeChip', { label: chip.label })}">${chip.label}${CROSS}</a></li>`,
    )}</ul>`;
  return html`<div class="chips" data-applied-filters="${chips.length}">${list}${speaksChipHtml(filters, locale, t, searchPath)}</div>`;
}

const PLUS = html`<svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16"><path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z"></path></svg>`;

/**
 * For tourists (docs/decisions/070-languages.md): on a Portuguese or English page whose search does not ask for the
 * page's language yet, a chip that adds it ("Fala português", "Speaks English"); once added it is an applied filter
 * like any other. Off unless the visitor chooses it (site/lib/speaks-chip.ts remembers the choice).
 */
function speaksChipHtml(filters: SearchFilters, locale: Locale, t: Translate, searchPath: string): Html | false {
  const language = SPOKEN_LANGUAGE[locale];
  if (!language || filters.idioma.includes(language)) return false;
  const name = vocabularyLabel(locale, 'languages', language);
  const query = toSearchParams(filters, { idioma: [...filters.idioma, language], pagina: 1 }).toString();
  return html`<a class="chip chip--add" href="${searchPath}?${query}" data-add-filter data-speaks="${language}">${PLUS}${t(
    'search.speaks',
    {
      language: locale === 'en' ? name : name.toLocaleLowerCase(HTML_LANG[locale]),
    },
  )}</a>`;
}

/** One VIP ad of the searched category (any when none is chosen): each results page shows the next in today's turn. */
function promoBannerHtml(ad: AdCardView, photosUrl: string | undefined, locale: Locale, t: Translate): Html {
  const href = adPath(ad, locale);
  return html`<aside class="promo card" aria-label="${t('search.promo')}">${ad.image && coverHtml(ad.image, 120, 'lazy', photosUrl)}<div class="promo__body"><p class="promo__label">${t('search.promoTitle')}</p><p class="promo__title"><a href="${href}">${ad.title}</a></p><p class="promo__meta">${cardMetaText(ad, locale)}</p></div><a class="btn btn-gold promo__cta" href="${href}" tabindex="-1" aria-hidden="true">${t('search.promoCta')}</a></aside>`;
}

/** Page numbers around the current one, with the first and last always present: 1 … 4 5 6 … 25. */
export function pageItems(page: number, pages: number): (number | 'gap')[] {
  const items: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) items.push(p);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  return items;
}

function paginationHtml({ page, pages }: SearchResultsView, pageHref: (pagina: number) => string, t: Translate): Html {
  const step = (label: string, to: number, rel: string, enabled: boolean) =>
    enabled
      ? html`<a class="btn btn-outline" href="${pageHref(to)}" data-page-link rel="${rel}">${label}</a>`
      : html`<span class="btn btn-outline" aria-disabled="true">${label}</span>`;
  const numbers = pageItems(page, pages).map((item) =>
    item === 'gap'
      ? html`<li aria-hidden="true">…</li>`
      : html`<li><a class="pagination__page${item === page ? ' is-current' : ''}" href="${pageHref(item)}" data-page-link${
          item === page && html` aria-current="page"`
        } aria-label="${t('search.page', { number: item })}">${item}</a></li>`,
  );
  return html`<nav class="pagination" aria-label="${t('search.pagination')}">${step(t('search.previous'), page - 1, 'prev', page > 1)}<ol>${numbers}</ol>${step(t('search.next'), page + 1, 'next', page < pages)}</nav>`;
}

export interface SearchResultsOptions {
  /** A landing page's own address (/masajes/palermo): its pages link to `?pagina=N` there instead of /buscar. */
  pagePath?: string;
  photosUrl?: string;
  /** The page's language (Spanish by default): its words, and its search's address in links. */
  locale?: Locale;
}

export function searchResultsHtml(
  result: SearchResultsView,
  filters: SearchFilters,
  { pagePath, photosUrl, locale = 'es' }: SearchResultsOptions = {},
): Html {
  const t = translator(locale);
  const searchPath = pathIn(locale, '/buscar');
  // Later pages name the order's rotation window, so that they follow this page's order (decision 064).
  const turno = result.rotationWindow > 0 ? result.rotationWindow : undefined;
  const pageHref = (pagina: number) => {
    if (pagePath) return pagina > 1 ? `${pagePath}?pagina=${pagina}${turno ? `&turno=${turno}` : ''}` : pagePath;
    const query = toSearchParams(filters, { pagina, turno }).toString();
    return `${searchPath}${query ? `?${query}` : ''}`;
  };
  const count = html`<p class="results__count" id="results-count" data-total="${result.total}">${
    result.total === 1 ? t('search.oneResult') : t('search.manyResults', { number: formatCount(result.total, locale) })
  }${result.pages > 1 && html`<span> · ${t('search.pageOf', { page: result.page, pages: result.pages })}</span>`}</p>`;
  const list =
    result.ads.length > 0
      ? html`<ul class="results__list" aria-labelledby="results-count">${resultCardsHtml(result.ads, photosUrl, 3, locale)}</ul>`
      : html`<div class="card results__empty"><h2>${t('search.emptyTitle')}</h2><p>${t('search.emptyText')}</p><a class="btn btn-primary" href="${searchPath}" data-clear-filters>${t('search.clear')}</a></div>`;
  return html`${chipsHtml(filters, locale, t)}${result.promo && promoBannerHtml(result.promo, photosUrl, locale, t)}${count}${list}${
    result.pages > 1 && paginationHtml(result, pageHref, t)
  }`;
}
