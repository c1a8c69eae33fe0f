// client:after-gate, an Astro client directive (astro.config.mjs): hydrates an island at once for a visitor past the
// age gate, and otherwise once the gate is accepted (acceptAge puts `age-ok` on <html>). Nothing on the page can be
// used before the answer, so the island's code waits for it instead of slowing the gate down (decision 027).
import type { ClientDirective } from 'astro';

const afterGate: ClientDirective = (load) => {
  const root = document.documentElement;
  const hydrate = async () => (await load())();
  if (root.classList.contains('age-ok') || !document.querySelector('.age-gate')) {
    void hydrate();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!root.classList.contains('age-ok')) return;
    observer.disconnect();
    void hydrate();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
};

export default afterGate;
