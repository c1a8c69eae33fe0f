// "Disponible ahora · hasta HH:MM" badges carry their end (data-available-until): a page served from a cache (up to a
// minute, decision 021) or left open drops a badge once its window is over instead of promising what ended. Cards
// arrive later too (the next search page, the featured strip's parts), hence a look at the whole page now and then.
const EVERY_MS = 15_000;

export function dropEndedAvailableBadges(): void {
  const check = () => {
    const now = Date.now();
    for (const badge of document.querySelectorAll<HTMLElement>('[data-available-until]')) {
      if (Date.parse(badge.dataset.availableUntil ?? '') <= now) badge.remove();
    }
  };
  check();
  setInterval(check, EVERY_MS);
}
