// The favourites page in the browser (/favoritos, /pt/favoritos, /en/favourites): the favourites from storage (so the
// page works offline), marked "Ya no disponible" when the site says the ad is no longer public (GET
// /api/ads/availability: ids only), and this device's search alerts with "Dejar de avisar". Every word in the page's
// language (the `favouritesLive` part), a favourite's category, price and address too, whatever language it was saved
// in (favourite-display.ts). Built with DOM calls: the stored texts are never parsed as HTML.
import { callApi } from './api-client.ts';
import { onFavouritesChange, readFavourites, removeFavourite, type Favourite } from './favourites.ts';
import { alertsOfThisDevice, pushSupport, stopAlert, supportMessage } from './search-alerts.ts';
import { shownFavourite } from './favourite-display.ts';
import { pageLocale } from './page-locale.ts';
import { advancedFilterCount, parseSearchParams } from '#shared/search-filters.ts';
import type { PublicAdIdsView } from '#shared/contracts/public/ad-page.ts';
import type { SearchAlertView } from '#shared/contracts/public/search-alerts.ts';
import { favouritesLive } from '#shared/i18n/messages/favourites.ts';
import { badges } from '#shared/i18n/messages/badges.ts';
import { fillText } from '#shared/i18n/fill.ts';
import { pathIn, spanishPathOf } from '#shared/i18n/routes.ts';
import { searchHeading } from './search-heading.ts';

const locale = pageLocale();
const texts = favouritesLive[locale];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function favouriteItem(f: Favourite, gone: boolean): HTMLLIElement {
  const item = element('li', `card favourite-item${gone ? ' favourite-item--gone' : ''}`);
  item.dataset.favouriteItem = String(f.id);
  if (f.thumbnail) {
    const img = element('img', 'favourite-item__image');
    img.src = f.thumbnail;
    img.alt = '';
    img.width = 96;
    img.height = 120;
    img.loading = 'lazy';
    item.append(img);
  } else item.append(element('span', 'favourite-item__image', badges[locale].noPhotos));
  const shown = shownFavourite(f, locale);
  const body = element('div', 'favourite-item__body');
  if (gone) body.append(element('span', 'badge favourite-item__gone', texts.gone));
  const title = element('h2', 'favourite-item__title');
  const link = element('a', '', f.title);
  link.href = shown.url;
  title.append(link);
  const meta = [shown.category, f.barrio, fillText(texts.code, { code: f.code })].join(' · ');
  body.append(title, element('p', 'favourite-item__meta', meta));
  body.append(element('p', 'favourite-item__price', shown.price));
  const actions = element('div', 'favourite-item__actions');
  const remove = element('button', 'btn btn-outline', texts.remove);
  remove.type = 'button';
  remove.setAttribute('aria-label', fillText(texts.removeLabel, { title: f.title }));
  remove.addEventListener('click', () => removeFavourite(f.id));
  actions.append(remove);
  body.append(actions);
  item.append(body);
  return item;
}

function describeAlert(alert: SearchAlertView): string {
  const filters = parseSearchParams(new URLSearchParams(alert.filter));
  const parts = [searchHeading(filters, locale)];
  if (filters.text) parts.push(fillText(texts.words, { text: filters.text }));
  const more = advancedFilterCount(filters) + (filters.disponibilidad ? 1 : 0);
  if (more) parts.push(more === 1 ? texts.oneMoreFilter : fillText(texts.moreFilters, { count: more }));
  return parts.join(' · ');
}

export function setUpFavouritesPage(): void {
  const list = document.querySelector<HTMLElement>('[data-favourites-list]')!;
  const empty = document.querySelector<HTMLElement>('[data-favourites-empty]')!;
  const status = document.querySelector<HTMLElement>('[data-favourites-status]')!;
  /** Ids known to be public; null until the site answered (offline, nothing is marked). */
  let publicIds: Set<number> | null = null;

  const render = () => {
    const favourites = readFavourites();
    list.replaceChildren(...favourites.map((f) => favouriteItem(f, publicIds !== null && !publicIds.has(f.id))));
    empty.hidden = favourites.length > 0;
  };
  render();
  onFavouritesChange(render);

  const ids = readFavourites().map((f) => f.id);
  if (ids.length) {
    callApi<PublicAdIdsView>('GET', `/api/ads/availability?ids=${ids.join(',')}`)
      .then((answer) => {
        publicIds = new Set(answer.public);
        render();
      })
      .catch(() => {
        status.textContent = navigator.onLine ? texts.checkFailed : texts.offline;
      });
  }
  void showAlerts();
}

async function showAlerts(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-alerts-list]')!;
  const status = document.querySelector<HTMLElement>('[data-alerts-status]')!;
  const support = pushSupport();
  if (support === 'needs-install' || support === 'unsupported') {
    status.textContent = supportMessage(support, locale);
    return;
  }
  let alerts: SearchAlertView[];
  try {
    alerts = await alertsOfThisDevice();
  } catch {
    status.textContent = texts.alertsFailed;
    return;
  }
  const render = () => {
    status.textContent = alerts.length ? '' : texts.noAlerts;
    list.replaceChildren(
      ...alerts.map((alert) => {
        const item = element('li', 'card alert-item');
        const link = element('a', '', describeAlert(alert));
        // The search in this page's language, whichever the alert notifies in.
        link.href = pathIn(locale, spanishPathOf(alert.url));
        const stop = element('button', 'btn btn-outline', texts.stop);
        stop.type = 'button';
        stop.setAttribute('aria-label', fillText(texts.stopLabel, { search: describeAlert(alert) }));
        stop.addEventListener('click', async () => {
          stop.disabled = true;
          try {
            await stopAlert(alert.id);
            alerts = alerts.filter((a) => a.id !== alert.id);
            render();
          } catch {
            stop.disabled = false;
            status.textContent = texts.stopFailed;
          }
        });
        item.append(link, stop);
        return item;
      }),
    );
  };
  render();
}
