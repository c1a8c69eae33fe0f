// The overlays of every public page (cookie banner, app dialog, install prompt, toasts) are React, and React DOM is
// most of a public page's JavaScript: on a mid-range phone its evaluation alone blocks the page for a few hundred
// milliseconds. They are loaded when the browser is idle, and on a page with the age gate only once the visitor
// has answered it: nothing of them can show before (docs/decisions/027-first-load.md).
import { $ageVerified } from '#site/stores/age-gate.ts';

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

export function loadSiteOverlays(container: HTMLElement): void {
  const ageGate = document.body.classList.contains('has-age-gate');
  const load = () =>
    whenIdle(() => void import('#site/islands/mount-site-overlays.tsx').then((m) => m.mountSiteOverlays(container, ageGate)));
  if (!ageGate || $ageVerified.get()) {
    load();
    return;
  }
  const stop = $ageVerified.listen((verified) => {
    if (!verified) return;
    stop();
    load();
  });
}
