// "Past the age gate" is `age-ok` on <html>: put there before paint by the inline check (localStorage), by the server
// (the no-JavaScript cookie), or by site/lib/age-gate.ts (accepted now, or the cookie found). What waits for the
// gate's answer (the overlays, the search form's script: decision 027) waits for that class.

/** Runs `run` once: at once on a page without the gate or past it, otherwise when `age-ok` is added. */
export function whenPastAgeGate(run: () => void): void {
  const root = document.documentElement;
  const past = () => root.classList.contains('age-ok') || !document.body.classList.contains('has-age-gate');
  if (past()) {
    run();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!past()) return;
    observer.disconnect();
    run();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
}
