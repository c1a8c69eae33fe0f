// The cookie banner and its "Personalizar" dialog. Analytics start only after a choice that allows them.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $consent, $preferences, $preferencesDialogOpen, acceptAll, rejectAll, saveCustom } from '#site/stores/consent.ts';
import ModalDialog from './modal-dialog.tsx';

export default function CookieConsent() {
  const consent = useStore($consent);
  const customizing = useStore($preferencesDialogOpen);
  const setCustomizing = (open: boolean) => $preferencesDialogOpen.set(open);

  if (consent !== null && !customizing) return null;
  return (
    <>
      {consent === null && (
        <section className="cookie-banner" aria-labelledby="cookie-banner-title">
          <p>
            <strong id="cookie-banner-title">Usamos cookies. </strong>
            Las necesarias hacen funcionar el sitio; con tu permiso usamos también cookies de análisis para mejorar Velada. Más información
            en la <a href="/politicas-privacidad#cookies">Política de privacidad</a>.
          </p>
          <div className="cookie-banner__actions">
            <button type="button" className="btn btn-outline" onClick={() => setCustomizing(true)}>
              Personalizar
            </button>
            <button type="button" className="btn btn-outline" onClick={rejectAll}>
              Rechazar
            </button>
            <button type="button" className="btn btn-primary" onClick={acceptAll}>
              Aceptar todas
            </button>
          </div>
        </section>
      )}
      <ModalDialog open={customizing} onClose={() => setCustomizing(false)} labelledBy="cookie-dialog-title">
        {/* Mounted on each opening, so the boxes start from the choice currently stored. */}
        {customizing && <PreferencesForm onDone={() => setCustomizing(false)} />}
      </ModalDialog>
    </>
  );
}

function PreferencesForm({ onDone }: { onDone: () => void }) {
  const stored = $preferences.get();
  const [analytics, setAnalytics] = useState(stored.analytics);
  const [marketing, setMarketing] = useState(stored.marketing);
  return (
    <>
      <h2 id="cookie-dialog-title">Preferencias de cookies</h2>
      <div className="pref-row">
        <input id="pref-necessary" type="checkbox" checked disabled />
        <div>
          <label htmlFor="pref-necessary">Necesarias (siempre activas)</label>
          <p>Recuerdan tu confirmación de edad y tus preferencias. Sin ellas el sitio no funciona.</p>
        </div>
      </div>
      <div className="pref-row">
        <input id="pref-analytics" type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
        <div>
          <label htmlFor="pref-analytics">Análisis</label>
          <p>Nos dicen qué páginas se visitan y desde dónde, sin guardar tu dirección IP.</p>
        </div>
      </div>
      <div className="pref-row">
        <input id="pref-marketing" type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
        <div>
          <label htmlFor="pref-marketing">Marketing</label>
          <p>Permiten medir campañas de difusión de Velada.</p>
        </div>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn-outline" onClick={() => onDone()}>
          Cancelar
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            saveCustom({ analytics, marketing });
            onDone();
          }}
        >
          Guardar preferencias
        </button>
      </div>
    </>
  );
}
