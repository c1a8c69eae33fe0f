// What the address of an ad answers, in any language (/anuncio/{slug}-{id}, /pt/anuncio/…, /en/ad/…): a published
// ad with ads like it, an ad no longer published (404 or 410) with published ones like it, a redirect to the ad's
// own address, or the not-found page in the address's language (Astro's own 404 is the Spanish one). Each language's
// page calls this and renders the view.
import type { AstroGlobal } from 'astro';
import { publicAd } from '#core/ad-page/public-ad.ts';
import { endedAd } from '#core/ad-page/ended-ad.ts';
import { similarAds, type SimilarAds } from '#core/ad-page/similar-ads.ts';
import { adIdFromParam, adPath } from '#shared/ad-text.ts';
import type { EndedAdView, PublicAdView } from '#shared/contracts/public/ad-page.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export type AdPageAnswer = { ad: PublicAdView; similar: SimilarAds } | { ended: EndedAdView } | { notFound: true } | Response;

export async function adPageRequest(astro: AstroGlobal, locale: Locale): Promise<AdPageAnswer> {
  const id = adIdFromParam(astro.params.slug);
  const search = { searchIndex: astro.locals.searchIndex };
  const ad = await publicAd(astro.locals.db, id);
  const ended = ad ? null : await endedAd(astro.locals.db, id, search);
  if (ad && astro.url.pathname !== adPath(ad, locale)) return astro.redirect(adPath(ad, locale) + astro.url.search, 301);
  astro.response.headers.set('Cache-Control', 'no-cache');
  if (ad) {
    // "Más avisos como este", kept with the page in the render cache and counted with it.
    const similar = await similarAds(astro.locals.db, ad, search);
    astro.locals.pageShows?.viewed(ad.id);
    astro.locals.pageShows?.listed(similar.ads.map((card) => card.id));
    return { ad, similar };
  }
  if (!ended) {
    astro.response.status = 404;
    return { notFound: true };
  }
  astro.response.status = ended.status;
  astro.locals.pageShows?.listed(ended.similar.map((card) => card.id));
  return { ended };
}
