// Everything that floats over every public page, rendered in the browser only (mounted by
// site/lib/site-overlays-loader.ts once the age gate is answered), so that a returning visitor never sees a banner
// flash: cookie consent, app download, install prompt, toasts.
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
/** `onMounted`: called once the overlays are on the page and the buttons that open them work. */
export default function SiteOverlays(props: { ageGate: boolean; onMounted?: () => void }) {
  const ageVerified = useStore($ageVerified);
  useEffect(() => {
    // Buttons of the page that open these overlays work from now on.
    document
      .querySelectorAll('[data-open-app-dialog], [data-open-cookie-preferences]')
      .forEach((button) => button.removeAttribute('disabled'));
    props.onMounted?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when mounted
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
