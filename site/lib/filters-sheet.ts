// The search filters as a sheet on phones (docs/decisions/037-search-on-phones-and-discretion.md): the "Filtros (n)"
// button opens the form full screen as a modal dialog (focus moved in and kept there, the rest of the page inert
// and still, Escape and the close button close it, focus goes back to the button); changes keep updating the
// results behind it, and "Ver N resultados" closes it. On wide screens, and without JavaScript, the form stays in
// the page and the button is a link to it.
import { SEARCH_UPDATED_EVENT } from './search-updated.ts';
import { filtersLabel, seeResults } from './filters-sheet-texts.ts';
import { pageLocale } from './page-locale.ts';

/** Where the sheet applies; the CSS of filters-sheet.astro uses the same width. */
const PHONE = '(max-width: 899.98px)';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Makes everything but `element` inert (every sibling of it and of its ancestors); returns the undo. */
function inertOutside(element: HTMLElement): () => void {
  const made: Element[] = [];
  for (let node: HTMLElement = element; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling instanceof HTMLScriptElement) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => made.forEach((e) => e.removeAttribute('inert'));
}

export function startFiltersSheet(): void {
  const sheet = document.getElementById('filtros');
  const button = document.querySelector<HTMLAnchorElement>('[data-open-filters]');
  if (!sheet || !button) return;
  const phone = matchMedia(PHONE);
  const locale = pageLocale();
  let undoInert: (() => void) | null = null;

  const isOpen = () => undoInert !== null;

  function open(): void {
    if (isOpen() || !sheet || !button) return;
    sheet.classList.add('is-open');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    button.setAttribute('aria-expanded', 'true');
    document.documentElement.classList.add('has-open-sheet');
    undoInert = inertOutside(sheet);
    sheet.focus();
  }

  function close(options: { returnFocus: boolean } = { returnFocus: true }): void {
    if (!isOpen() || !sheet || !button) return;
    undoInert?.();
    undoInert = null;
    sheet.classList.remove('is-open');
    sheet.removeAttribute('role');
    sheet.removeAttribute('aria-modal');
    button.setAttribute('aria-expanded', 'false');
    document.documentElement.classList.remove('has-open-sheet');
    if (options.returnFocus) button.focus();
  }

  /** The button's count of applied filters and the sheet's count of results, from the results shown. */
  function showCounts(): void {
    const applied = Number(document.querySelector('[data-applied-filters]')?.getAttribute('data-applied-filters') ?? 0);
    const label = button?.querySelector('[data-filters-label]');
    if (label) label.textContent = filtersLabel(applied, locale);
    const total = document.getElementById('results-count')?.getAttribute('data-total');
    const apply = sheet?.querySelector('[data-apply-filters]');
    if (apply && total !== null && total !== undefined) apply.textContent = seeResults(Number(total), locale);
  }

  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', (event) => {
    if (!phone.matches) return; // wide screens: the link goes to the form, which is in the page
    event.preventDefault();
    open();
  });
  sheet.querySelector('[data-close-filters]')?.addEventListener('click', () => close());
  sheet.querySelector('[data-apply-filters]')?.addEventListener('click', () => close());
  // The form's own "Buscar" (or Enter in the text box) searches now: the sheet has done its job.
  sheet.addEventListener('submit', () => close());
  sheet.addEventListener('keydown', (event) => {
    if (!isOpen()) return;
    if (event.key === 'Escape') {
      // Taken here: the quick exit (site/lib/quick-exit.ts) does not count an Escape that closes something.
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    // The rest of the page is inert; wrapping keeps Tab inside rather than in the browser's toolbar.
    const items = [...sheet.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (e) => e.offsetParent !== null || e === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === sheet)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // Turning a tablet or widening the window shows the form in the page again.
  phone.addEventListener('change', () => {
    if (!phone.matches) close({ returnFocus: false });
  });
  document.addEventListener(SEARCH_UPDATED_EVENT, showCounts);
}
