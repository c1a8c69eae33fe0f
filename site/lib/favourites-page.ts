// /favoritos in the browser: the favourites from storage (so the page works offline), marked "Ya no disponible" when
// the site says the ad is no longer public (GET /api/ads/availability: ids only), and this device's search alerts
// with "Dejar de avisar". Built with DOM calls: the stored texts are never parsed as HTML.
import { callApi } from './api-client.ts';
import { onFavouritesChange, readFavourites, removeFavourite, type Favourite } from './favourites.ts';
import { alertsOfThisDevice, pushSupport, stopAlert, SUPPORT_MESSAGES } from './search-alerts.ts';
import { advancedFilterCount, parseSearchParams } from '#shared/search-filters.ts';
import type { PublicAdIdsView } from '#shared/contracts/public/ad-page.ts';
import type { SearchAlertView } from '#shared/contracts/public/search-alerts.ts';
import { searchHeading } from './search-heading.ts';

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
  } else item.append(element('span', 'favourite-item__image', 'Sin fotos'));
  const body = element('div', 'favourite-item__body');
  if (gone) body.append(element('span', 'badge favourite-item__gone', 'Ya no disponible'));
  const title = element('h2', 'favourite-item__title');
  const link = element('a', '', f.title);
  link.href = f.url;
  title.append(link);
  body.append(title, element('p', 'favourite-item__meta', `${f.category} · ${f.barrio} · Código ${f.code}`));
  body.append(element('p', 'favourite-item__price', f.priceText));
  const actions = element('div', 'favourite-item__actions');
  const remove = element('button', 'btn btn-outline', 'Quitar');
  remove.type = 'button';
  remove.setAttribute('aria-label', `Quitar «${f.title}» de favoritos`);
  remove.addEventListener('click', () => removeFavourite(f.id));
  actions.append(remove);
  body.append(actions);
  item.append(body);
  return item;
}

function describeAlert(alert: SearchAlertView): string {
  const filters = parseSearchParams(new URLSearchParams(alert.filter));
  const parts = [searchHeading(filters)];
  if (filters.text) parts.push(`«${filters.text}»`);
  const more = advancedFilterCount(filters) + (filters.disponibilidad ? 1 : 0);
  if (more) parts.push(more === 1 ? '1 filtro más' : `${more} filtros más`);
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
        status.textContent = navigator.onLine
          ? 'No pudimos comprobar si los avisos siguen disponibles.'
          : 'Sin conexión: mostramos lo guardado en este dispositivo.';
      });
  }
  void showAlerts();
}

async function showAlerts(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-alerts-list]')!;
  const status = document.querySelector<HTMLElement>('[data-alerts-status]')!;
  const support = pushSupport();
  if (support === 'needs-install' || support === 'unsupported') {
    status.textContent = SUPPORT_MESSAGES[support];
    return;
  }
  let alerts: SearchAlertView[];
  try {
    alerts = await alertsOfThisDevice();
  } catch {
    status.textContent = 'No pudimos leer los avisos de búsquedas de este dispositivo.';
    return;
  }
  const render = () => {
    status.textContent = alerts.length ? '' : 'Este dispositivo no tiene avisos de búsquedas.';
    list.replaceChildren(
      ...alerts.map((alert) => {
        const item = element('li', 'card alert-item');
        const link = element('a', '', describeAlert(alert));
        link.href = alert.url;
        const stop = element('button', 'btn btn-outline', 'Dejar de avisar');
        stop.type = 'button';
        stop.setAttribute('aria-label', `Dejar de avisar: ${describeAlert(alert)}`);
        stop.addEventListener('click', async () => {
          stop.disabled = true;
          try {
            await stopAlert(alert.id);
            alerts = alerts.filter((a) => a.id !== alert.id);
            render();
          } catch {
            stop.disabled = false;
            status.textContent = 'No pudimos dejar de avisar. Probá de nuevo.';
          }
        });
        item.append(link, stop);
        return item;
      }),
    );
  };
  render();
}
