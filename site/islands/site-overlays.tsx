// Everything that floats over every public page, rendered in the browser only (client:only), so that a
// returning visitor never sees a banner flash: cookie consent, app download, install prompt, toasts.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { loadConsent } from '#site/stores/consent.ts';
import { $ageVerified } from '#site/stores/age-gate.ts';
import CookieConsent from './overlays/cookie-consent.tsx';
import AppDownload from './overlays/app-download.tsx';
import InstallPrompt from './overlays/install-prompt.tsx';
import Toaster from './overlays/toaster.tsx';

loadConsent();

/** `ageGate`: the page has the 18+ gate (which reads the stored answer), so the cookie banner waits for it. */
export default function SiteOverlays(props: { ageGate: boolean }) {
  const ageVerified = useStore($ageVerified);
  useEffect(() => {
    // Buttons of the page that open these overlays work from now on.
    document
      .querySelectorAll('[data-open-app-dialog], [data-open-cookie-preferences]')
      .forEach((button) => button.removeAttribute('disabled'));
  }, []);
  return (
    <>
      {(!props.ageGate || ageVerified) && <CookieConsent />}
      <AppDownload />
      <InstallPrompt />
      <Toaster />
    </>
  );
}
