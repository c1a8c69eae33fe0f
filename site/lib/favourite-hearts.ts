// The hearts of result cards and ad pages. Pages are shared by every visitor (render cache, decision 021), so the
// heart is rendered off and invisible (its place kept: no layout shift), and made true here, after load: one listener on the document for every heart,
// and a look at cards that arrive later (the next search page, the featured strip).
import { addFavourite, favouriteIds, onFavouritesChange, removeFavourite, type Favourite } from './favourites.ts';
import { badges } from '#shared/i18n/messages/badges.ts';
import { pageLocale } from './page-locale.ts';

const SELECTOR = 'button[data-favourite]';

function show(button: HTMLButtonElement, saved: boolean): void {
  const texts = badges[pageLocale()];
  button.setAttribute('aria-pressed', String(saved));
  button.setAttribute('aria-label', saved ? texts.unsave : texts.save);
  button.title = saved ? texts.unsave : texts.save;
  delete button.dataset.pending;
}

function showAll(root: ParentNode = document): void {
  const ids = favouriteIds();
  root.querySelectorAll<HTMLButtonElement>(SELECTOR).forEach((b) => show(b, ids.has(Number(b.dataset.favourite))));
}

/** The values behind the texts, where the heart carries them (pages rendered before it did carry none). */
function valuesOf(d: DOMStringMap): Pick<Favourite, 'categoryValue' | 'pricePerHour' | 'priceFrom'> {
  if (d.categoryValue === undefined || d.pricePerHour === undefined) return {};
  const amount = d.pricePerHour === '' ? null : Number(d.pricePerHour);
  if (amount !== null && !Number.isSafeInteger(amount)) return {};
  return { categoryValue: d.categoryValue, pricePerHour: amount, priceFrom: d.priceFrom === 'true' };
}

function favouriteOf(button: HTMLButtonElement): Omit<Favourite, 'savedAt'> {
  const d = button.dataset;
  return {
    ...valuesOf(d),
    id: Number(d.favourite),
    code: d.code ?? '',
    title: d.title ?? '',
    category: d.category ?? '',
    barrio: d.barrio ?? '',
    priceText: d.price ?? '',
    thumbnail: d.thumbnail ?? '',
    url: d.url ?? '',
  };
}

export function setUpFavouriteHearts(): void {
  showAll();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(SELECTOR);
    if (!button) return;
    event.preventDefault();
    const id = Number(button.dataset.favourite);
    if (button.getAttribute('aria-pressed') === 'true') removeFavourite(id);
    else addFavourite(favouriteOf(button));
  });
  onFavouritesChange(() => showAll());
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element && (node.matches(SELECTOR) || node.querySelector(SELECTOR))) return showAll();
  }).observe(document.body, { childList: true, subtree: true });
}
