// "Fotos reales · verificadas hace N días" badges carry the check's date (data-verified-at): a page served from the
// render cache (kept until the catalog changes, decision 021) or left open says the age of the check as of today in
// the visitor's browser, not as of the day it was rendered (docs/decisions/067-photo-trust.md). The badge itself
// goes when the check is 90 days old: the hourly job turns the ad's flag off, which changes the catalog version.
import { photosBadgeText } from '#shared/photo-verification.ts';
import { pageLocale } from './page-locale.ts';

const EVERY_MS = 60_000;

export function keepPhotoBadgesCurrent(): void {
  const locale = pageLocale();
  const update = () => {
    const now = new Date();
    for (const badge of document.querySelectorAll<HTMLElement>('[data-verified-at]')) {
      const since = Date.parse(badge.dataset.verifiedAt ?? '');
      if (Number.isNaN(since)) continue;
      const text = photosBadgeText(since, now, locale);
      if (badge.textContent !== text) badge.textContent = text;
    }
  };
  update();
  setInterval(update, EVERY_MS);
}
