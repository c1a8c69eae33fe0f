// Fotos reales (permission 'manage verifications'): the requests whose selfie is in, oldest first. Reviewing one
// shows the selfie (decrypted by the server, each view audited) beside every photo of the ad, with the gesture and
// the code asked for; staff mark each photo verified or not (with a reason the advertiser reads) and close it.
// Loads when opened and on 'Actualizar'.
import { useMemo, useState } from 'react';
import { usePanelList } from './use-panel-list.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import { gestureLabel } from '#shared/photo-verification.ts';
import type { PhotoVerificationQueueItem } from '#shared/contracts/staff/photo-verifications.ts';
import PhotoReview from './photo-review.tsx';

/** onUnauthorized and onChanged must be stable. */
export default function PhotoVerificationsSection(props: {
  reloadToken: number;
  onUnauthorized: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const [reviewing, setReviewing] = useState<PhotoVerificationQueueItem | null>(null);
  const { items, error, reload } = usePanelList<PhotoVerificationQueueItem>(
    'photo-verifications',
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar las verificaciones de fotos.',
  );

  useExportList(
    useMemo(
      () =>
        items && {
          name: 'fotos-reales',
          columns: ['Anuncio', 'Código', 'Anunciante', 'Gesto', 'Fotos', 'Enviada'],
          rows: items.map((r) => [
            r.adTitle,
            r.adId,
            r.advertiserName,
            gestureLabel(r.gesture),
            r.photoCount,
            exportDateTime(r.submittedAt),
          ]),
        },
      [items],
    ),
  );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Fotos reales
      </h1>
      <p className="panel__muted">
        Compará cada foto del anuncio con la selfie: la misma persona, haciendo el gesto pedido y con el código del anuncio escrito en un
        papel.
      </p>
      {error && <p role="alert">{error}</p>}
      {!items && !error && <p aria-live="polite">Cargando…</p>}
      {items && (
        <p aria-live="polite" className="panel__count">
          {items.length === 1 ? '1 solicitud pendiente' : `${items.length} solicitudes pendientes`}
        </p>
      )}
      {items?.length === 0 && <p>No hay verificaciones de fotos esperando revisión.</p>}
      <ul className="panel__ads">
        {items?.map((r) => (
          <li key={r.id} className="card panel__ad" aria-labelledby={`photo-request-${r.id}-title`}>
            <h2 id={`photo-request-${r.id}-title`}>{r.adTitle}</h2>
            <p className="panel__muted">
              Código {r.adId} · {r.advertiserName} · {r.photoCount === 1 ? '1 foto' : `${r.photoCount} fotos`} · enviada{' '}
              {formatDateTime(r.submittedAt)}
            </p>
            <p>Gesto pedido: {gestureLabel(r.gesture)}</p>
            <div className="panel__form-actions">
              <button type="button" className="btn btn-primary" onClick={() => setReviewing(r)}>
                Revisar<span className="visually-hidden"> las fotos de «{r.adTitle}»</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <PanelDialog title={reviewing ? `Fotos de «${reviewing.adTitle}»` : ''} open={reviewing !== null} onClose={() => setReviewing(null)}>
        {reviewing && (
          <PhotoReview
            requestId={reviewing.id}
            onClose={() => setReviewing(null)}
            onDecided={() => Promise.all([reload(), props.onChanged()])}
          />
        )}
      </PanelDialog>
    </section>
  );
}
