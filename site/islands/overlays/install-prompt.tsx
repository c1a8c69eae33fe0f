// The install prompt: shown once per session when the browser offers installation, never in the installed
// app; on iOS (no offer) a toast explains the share button for 8 s.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $installOffer, $installPromptVisible, IOS_TOAST_MS, claimIosInstructions, promptInstall } from '#site/stores/install.ts';
import { showToast } from '#site/stores/toasts.ts';

export default function InstallPrompt() {
  const offer = useStore($installOffer);
  const visible = useStore($installPromptVisible);

  useEffect(() => {
    // The browser's offer is listened for by the layout's script from the page's start (listenForInstallOffer).
    if (claimIosInstructions()) {
      showToast({
        title: 'Instalá Velada en tu iPhone',
        description: 'Tocá el botón Compartir y elegí «Agregar a inicio».',
        durationMs: IOS_TOAST_MS,
      });
    }
  }, []);

  if (!visible || !offer) return null;
  return (
    <aside className="install-prompt" aria-labelledby="install-prompt-title">
      <strong id="install-prompt-title">Instalá Velada</strong>
      <p>Accedé más rápido desde tu pantalla de inicio.</p>
      <div className="cookie-banner__actions">
        <button type="button" className="btn btn-outline" onClick={() => $installPromptVisible.set(false)}>
          Ahora no
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void promptInstall()}>
          Instalar
        </button>
      </div>
    </aside>
  );
}
