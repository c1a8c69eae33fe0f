// The home's barrio box as a combobox (the WAI-ARIA pattern with a list popup): as the visitor types, up to 8 barrios,
// zones and everyday names are offered; arrows move through them, Enter or a click takes one and searches it. The
// text goes to the search as the seed's `barrio` parameter, which the search resolves to the place filter
// (shared/places.ts); text that names no place stays words to look for. The words it writes come in the page's
// language from the list's markup (data-one-suggestion, data-suggestions, data-zone-barrios).
import { suggestPlaces, type Place } from '#shared/places.ts';
import { fillText } from '#shared/i18n/fill.ts';

export function enablePlaceCombobox(input: HTMLInputElement, list: HTMLUListElement, status: HTMLElement): void {
  const texts = list.dataset;
  const detailOf = ({ detail }: Place) =>
    typeof detail === 'string' ? detail : fillText(texts.zoneBarrios ?? '', { number: detail.barrios });
  let shown: Place[] = [];
  let active = -1;

  const optionId = (i: number) => `${list.id}-${i}`;

  function close(): void {
    shown = [];
    active = -1;
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function setActive(i: number): void {
    active = i;
    list.querySelectorAll('[role="option"]').forEach((option, n) => option.setAttribute('aria-selected', String(n === i)));
    if (i < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', optionId(i));
      document.getElementById(optionId(i))?.scrollIntoView({ block: 'nearest' });
    }
  }

  function open(places: Place[]): void {
    shown = places;
    active = -1;
    list.replaceChildren(
      ...places.map((place, i) => {
        const option = document.createElement('li');
        option.id = optionId(i);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        const name = document.createElement('span');
        name.textContent = place.name;
        const detail = document.createElement('span');
        detail.className = 'place-option__detail';
        detail.textContent = detailOf(place);
        option.append(name, ' ', detail);
        option.addEventListener('click', () => choose(i));
        return option;
      }),
    );
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    input.removeAttribute('aria-activedescendant');
  }

  function suggest(): void {
    const places = suggestPlaces(input.value);
    if (places.length) open(places);
    else close();
    const count = places.length === 1 ? texts.oneSuggestion : fillText(texts.suggestions ?? '', { number: places.length });
    status.textContent = places.length ? (count ?? '') : '';
  }

  function choose(i: number): void {
    const place = shown[i];
    if (!place) return;
    input.value = place.name;
    close();
    input.form?.requestSubmit();
  }

  input.addEventListener('input', suggest);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) return suggest();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box to the first option and on; past the last one back to the box (-1), and the other way round.
      const next = active + step;
      setActive(next >= shown.length ? -1 : next < -1 ? shown.length - 1 : next);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && !list.hidden) {
      // Closes the list and keeps the text (a search box would empty itself). An Escape with a job does not count
      // for the quick exit (site/lib/quick-exit.ts).
      event.preventDefault();
      close();
    }
  });
  // A click on an option must not blur the box first (which closes the list).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  input.addEventListener('blur', close);
}
