// "Descargá la app": opened 1.5 s after the visitor's cookie choice (once per device) or from the home's
// 'Descargar App' button. Offers the browser's install dialog when there is one, else instructions.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $consent } from '#site/stores/consent.ts';
import { $appDialogOpen, $installOffer, APP_DOWNLOAD_DELAY_MS, isIos, isStandalone, promptInstall } from '#site/stores/install.ts';
import { readLocal, writeLocal } from '#site/lib/storage.ts';
import ModalDialog from './modal-dialog.tsx';

export default function AppDownload() {
  const open = useStore($appDialogOpen);
  const consent = useStore($consent);
  const offer = useStore($installOffer);
  const initialConsent = useRef(consent);

  useEffect(() => {
    // Only a choice made on this page opens it, not one stored from an earlier visit.
    if (consent === null || initialConsent.current !== null) return;
    if (readLocal('appDownloadPrompted') === 'true' || isStandalone()) return;
    const timer = setTimeout(() => {
      writeLocal('appDownloadPrompted', 'true');
      $appDialogOpen.set(true);
    }, APP_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  const close = () => $appDialogOpen.set(false);
  return (
    <ModalDialog open={open} onClose={close} labelledBy="app-dialog-title">
      <h2 id="app-dialog-title">Descargá la app de Velada</h2>
      <p>Instalá Velada en tu teléfono: abre más rápido, ocupa poco espacio y no necesita tienda de aplicaciones.</p>
      {!offer && (
        <ol>
          {isIos() ? (
            <>
              <li>Abrí este sitio en Safari.</li>
              <li>Tocá el botón Compartir (el cuadrado con la flecha hacia arriba).</li>
              <li>Elegí «Agregar a inicio».</li>
            </>
          ) : (
            <>
              <li>Abrí el menú del navegador (⋮).</li>
              <li>Elegí «Instalar app» o «Agregar a la pantalla principal».</li>
              <li>Confirmá con «Instalar».</li>
            </>
          )}
        </ol>
      )}
      <div className="dialog__actions">
        <a className="btn btn-outline" href="/guia-instalacion" target="_blank" rel="noopener">
          Ver guía PDF
        </a>
        <button type="button" className="btn btn-outline" onClick={close}>
          Ahora no
        </button>
        {offer && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={async () => {
              close();
              await promptInstall();
            }}
          >
            Instalar
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
