// Mounts the site overlays (./site-overlays.tsx) in the layout's container. Loaded on demand by
// site/lib/site-overlays-loader.ts, not as an Astro island: see there why.
import { createRoot } from 'react-dom/client';
import SiteOverlays from './site-overlays.tsx';

export function mountSiteOverlays(container: HTMLElement, ageGate: boolean): void {
  // data-ready: the overlays answer from now on (the e2e suite waits for it).
  createRoot(container).render(<SiteOverlays ageGate={ageGate} onMounted={() => container.setAttribute('data-ready', '')} />);
}
