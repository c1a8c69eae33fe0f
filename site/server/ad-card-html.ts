// An ad's card (search results, the home's featured strip), its badges and its favourite heart, written as text
// (docs/decisions/057-markup-as-text.md): 24 cards are rendered on every search the render cache does not hold.
// Styles: site/styles/ad-card.css, imported by each component that shows these. Their scripts (the hearts, the
// badges' clock) are started by those components through startAdCards (site/lib/ad-cards.ts).
import type { AdCardView } from '#shared/contracts/public/search.ts';
import type { Category, Plan } from '#shared/catalogue.ts';
import { adPath } from '#shared/ad-text.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { barrioName, categoryLabel, formatMoney, hourlyPriceText } from '#shared/format.ts';
import { formatShortDate, photosBadgeText } from '#shared/photo-verification.ts';
import { availableBadgeText } from '#shared/available-now.ts';
import { html, type Html } from '#shared/html.ts';
import { badges } from '#shared/i18n/messages/badges.ts';
import { fillText } from '#shared/i18n/fill.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export interface BadgesOf {
  plan: Plan;
  photosVerified: boolean;
  /** Since when the photos are verified (ISO instant): the badge says how many days ago. */
  photosVerifiedAt?: string | null;
  /** The end of "Disponible ahora" (ISO) while the advertiser has it on. */
  availableUntil?: string | null;
}

/**
 * "Disponible ahora" while on, verified identity (every public ad), real photos, and the paid plan in force. "Fotos
 * reales · verificadas hace N días" is counted at `now` and again in the browser (site/lib/photo-badges.ts, from
 * data-verified-at): a page kept in the render cache for days still shows the age of the check (decision 067).
 */
export function adBadgesHtml(
  { plan, photosVerified, photosVerifiedAt, availableUntil }: BadgesOf,
  now = new Date(),
  locale: Locale = 'es',
): Html {
  const texts = badges[locale];
  const photos =
    photosVerified &&
    (photosVerifiedAt
      ? html`<li class="badge" data-verified-at="${photosVerifiedAt}" title="${fillText(texts.photosTitle, {
          date: formatShortDate(photosVerifiedAt, locale),
        })}">${photosBadgeText(photosVerifiedAt, now, locale)}</li>`
      : html`<li class="badge">${texts.photos}</li>`);
  return html`<ul class="badges" aria-label="${texts.list}">${[
    availableUntil &&
      html`<li class="badge badge-available" data-available-until="${availableUntil}">${availableBadgeText(availableUntil, locale)}</li>`,
    plan === 'vip' && html`<li class="badge badge-vip">VIP</li>`,
    plan === 'premium' && html`<li class="badge badge-premium">Premium</li>`,
    html`<li class="badge badge-verified">${texts.identity}</li>`,
    photos,
  ]}</ul>`;
}

export interface FavouriteOf {
  id: number;
  slug: string;
  title: string;
  category: Category;
  barrio: string | null;
  pricePerHour: number | null;
  image: { key: string } | null;
}

const HEART = html`<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"></path></svg>`;

/**
 * The heart that saves an ad in this browser's favourites (decision 038): the same for every visitor, off and
 * invisible (its place kept) until site/lib/favourite-hearts.ts shows it with the visitor's own state. It carries
 * what the favourites page lists. `from`: the ad's 1-hour rates differ ("desde").
 */
export function favouriteButtonHtml(
  ad: FavouriteOf,
  placement: 'card' | 'page',
  from: boolean,
  photosUrl?: string,
  locale: Locale = 'es',
): Html {
  const texts = badges[locale];
  const thumbnail = ad.image ? adImageUrl(ad.image.key, 400, photosUrl) : '';
  // The texts as this page writes them, and the values behind them, from which the favourites page writes them again
  // in its own language (site/lib/favourite-display.ts).
  return html`<button type="button" class="favourite favourite--${placement}" aria-pressed="false" aria-label="${texts.save}" data-pending data-favourite="${ad.id}" data-code="${ad.id}" data-title="${ad.title}" data-category="${categoryLabel(ad.category, locale)}" data-category-value="${ad.category}" data-barrio="${barrioName(ad.barrio)}" data-price="${hourlyPriceText(ad.pricePerHour, from, locale)}" data-price-per-hour="${ad.pricePerHour ?? ''}" data-price-from="${String(from)}" data-thumbnail="${thumbnail}" data-url="${adPath(ad, locale)}">${HEART}</button>`;
}

/** "Masajes · Palermo · 30 años": what a card or the VIP banner says under the title. */
export function cardMetaText(ad: Pick<AdCardView, 'category' | 'barrio' | 'age'>, locale: Locale = 'es'): string {
  const age = ad.age !== null ? ` · ${fillText(badges[locale].age, { age: ad.age })}` : '';
  return `${categoryLabel(ad.category, locale)} · ${barrioName(ad.barrio)}${age}`;
}

/** An ad's cover shown `width` pixels wide (the 400-pixel file), its height kept in proportion. */
export function coverHtml(image: NonNullable<AdCardView['image']>, width: number, loading: 'eager' | 'lazy', photosUrl?: string): Html {
  const height = Math.round((width * image.height) / image.width);
  return html`<img src="${adImageUrl(image.key, 400, photosUrl)}" width="${width}" height="${height}" alt="" loading="${loading}" decoding="async">`;
}

/** One search result, in grid or list view (the list around it decides the layout). `eager`: among the first shown. */
export function resultCardHtml(ad: AdCardView, eager: boolean, photosUrl?: string, locale: Locale = 'es'): Html {
  const texts = badges[locale];
  const href = adPath(ad, locale);
  const image = ad.image
    ? coverHtml(ad.image, 400, eager ? 'eager' : 'lazy', photosUrl)
    : html`<span class="result__no-image">${texts.noPhotos}</span>`;
  const price =
    ad.pricePerHour !== null
      ? html`${ad.hourlyRatesDiffer && html`<span>${texts.from}</span>`} ${formatMoney(ad.pricePerHour, locale)} <span>${texts.hour}</span>`
      : html`<span>${ad.hasRates ? texts.seeRates : texts.askPrice}</span>`;
  return html`<li class="result card${ad.plan !== 'gratuito' ? ' result--featured' : ''}"><a class="result__image" href="${href}" tabindex="-1" aria-hidden="true">${image}</a>${favouriteButtonHtml(ad, 'card', ad.hourlyRatesDiffer, photosUrl, locale)}<div class="result__body">${adBadgesHtml(ad, new Date(), locale)}<h3 class="result__title"><a href="${href}">${ad.title}</a></h3><p class="result__meta">${cardMetaText(ad, locale)}</p><p class="result__excerpt">${ad.excerpt}</p><p class="result__price">${price}</p></div></li>`;
}

/** Cards in a row; the first `eager` of them load their photo at once. */
export function resultCardsHtml(ads: readonly AdCardView[], photosUrl: string | undefined, eager = 0, locale: Locale = 'es'): Html {
  return html`${ads.map((ad, i) => resultCardHtml(ad, i < eager, photosUrl, locale))}`;
}
