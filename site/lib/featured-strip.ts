// "Ver más destacados" on the home's strip: appends the next part of today's VIP turn from /destacados/mas and moves
// the focus to the first new card, so a keyboard user carries on where the new cards begin. The strip arrives later
// than the page (a server island), hence one listener on the document. On a failure the link is followed instead.
export function enableFeaturedStrip(): void {
  document.addEventListener('click', (event) => {
    const more = (event.target as Element | null)?.closest<HTMLAnchorElement>('[data-featured-more]');
    const list = document.querySelector<HTMLUListElement>('[data-featured-list]');
    if (!more || !list) return;
    event.preventDefault();
    if (more.getAttribute('aria-busy') === 'true') return;
    more.setAttribute('aria-busy', 'true');
    void appendNextPart(list, more)
      .catch(() => window.location.assign(more.href))
      .finally(() => more.removeAttribute('aria-busy'));
  });
}

async function appendNextPart(list: HTMLUListElement, more: HTMLAnchorElement): Promise<void> {
  // The part after the last one shown, of the day's turn the strip started with.
  const query = new URLSearchParams({ desde: more.dataset.next ?? '0', dia: more.dataset.day ?? '' });
  // The cards in the strip's language; Spanish, the default, is left out of the address.
  if (more.dataset.locale && more.dataset.locale !== 'es') query.set('idioma', more.dataset.locale);
  const response = await fetch(`/destacados/mas?${query}`, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const cards = document.createElement('template');
  cards.innerHTML = await response.text();
  const first = cards.content.querySelector('li');
  list.append(cards.content);
  const next = response.headers.get('X-Destacados-Siguiente');
  if (next) more.dataset.next = next;
  else more.remove();
  if (first) {
    // The strip scrolls sideways to the first new card; the page itself stays where it is.
    list.scrollBy({ left: first.getBoundingClientRect().left - list.getBoundingClientRect().left });
    first.querySelector<HTMLAnchorElement>('.result__title a')?.focus({ preventScroll: true });
  }
}
