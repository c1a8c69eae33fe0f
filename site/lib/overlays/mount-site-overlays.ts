// Puts the overlays of a public page (site/components/site-overlays.astro) in the layout's container and starts them.
// Loaded on demand by site/lib/site-overlays-loader.ts, once the age gate is answered.
import { loadConsent } from '#site/stores/consent.ts';
import { mountCookieConsent } from './cookie-consent.ts';
import { mountAppDownload, mountInstallOffer } from './app-download.ts';
import { mountToaster } from './toaster.ts';

export function mountSiteOverlays(container: HTMLElement, ageGate: boolean): void {
  loadConsent();
  const template = document.getElementById('site-overlays-template') as HTMLTemplateElement;
  container.replaceChildren(template.content.cloneNode(true));
  mountToaster(container.querySelector<HTMLElement>('[data-toast-region]')!);
  mountCookieConsent(container, ageGate);
  mountAppDownload(container);
  mountInstallOffer(container);
  // Buttons of the page that open these overlays work from now on.
  document
    .querySelectorAll('[data-open-app-dialog], [data-open-cookie-preferences]')
    .forEach((button) => button.removeAttribute('disabled'));
  // data-ready: the overlays answer from now on (the e2e suite waits for it).
  container.setAttribute('data-ready', '');
}
