// client:after-gate, an Astro client directive (astro.config.mjs): hydrates an island at once for a visitor past the
// age gate, and otherwise once the gate is accepted. Nothing on the page can be used before the answer, so the
// island's code waits for it instead of slowing the gate down (decision 027).
import type { ClientDirective } from 'astro';
import { whenPastAgeGate } from './past-age-gate.ts';

const afterGate: ClientDirective = (load) => whenPastAgeGate(() => void load().then((hydrate) => hydrate()));

export default afterGate;
