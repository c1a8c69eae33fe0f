// The overlays of every public page (cookie banner, app dialog, install prompt, toasts: site/lib/overlays/) are
// loaded when the browser is idle, and on a page with the age gate only once the visitor has answered it: nothing of
// them can show before (docs/decisions/027-first-load.md). They are plain scripts over the layout's markup, not React,
// which no public page loads unless one of its islands needs it.
import { whenPastAgeGate } from './past-age-gate.ts';

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

export function loadSiteOverlays(container: HTMLElement): void {
  const ageGate = document.body.classList.contains('has-age-gate');
  whenPastAgeGate(() => whenIdle(() => void mount(container, ageGate)));
}

/**
 * Imports and mounts the overlays; a failed import (a network error, or a deploy in the minutes the visitor took to
 * answer the gate) is tried again a few times, then left: the page works without its overlays.
 */
async function mount(container: HTMLElement, ageGate: boolean, attempt = 1): Promise<void> {
  try {
    const { mountSiteOverlays } = await import('#site/lib/overlays/mount-site-overlays.ts');
    mountSiteOverlays(container, ageGate);
  } catch (err) {
    if (attempt >= 3) {
      console.error('The site overlays could not be loaded:', err);
      return;
    }
    setTimeout(() => void mount(container, ageGate, attempt + 1), 2000 * attempt);
  }
}
