// Fotos reales (permission 'manage verifications'): the requests whose selfie is in, oldest first. Reviewing one
// shows the selfie (decrypted by the server, each view audited) beside every photo of the ad, with the gesture and
// the code asked for; staff mark each photo verified or not (with a reason the advertiser reads) and close it.
// Loads when opened and on 'Actualizar'.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { getData, postData, serverMessage } from '#site/lib/admin-api.ts';
import { showToast } from '#site/stores/toasts.ts';
import { usePanelList } from './use-panel-list.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import { gestureLabel } from '#shared/photo-verification.ts';
import type {
  PhotoVerificationDecided,
  PhotoVerificationQueueItem,
  PhotoVerificationReview,
} from '#shared/contracts/staff/photo-verifications.ts';

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

type Mark = { verified: boolean | null; reason: string };

function PhotoReview(props: { requestId: number; onClose: () => void; onDecided: () => Promise<unknown> }) {
  const [review, setReview] = useState<PhotoVerificationReview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getData<PhotoVerificationReview>('photo-verifications', String(props.requestId)).then(
      (answer) => live && setReview(answer),
      (err) => live && setLoadError(serverMessage(err) ?? 'No se pudo cargar la solicitud.'),
    );
    return () => {
      live = false;
    };
  }, [props.requestId]);

  const markOf = (id: number): Mark => marks[id] ?? { verified: null, reason: '' };
  const setMark = (id: number, patch: Partial<Mark>) => {
    setMarks((current) => ({ ...current, [id]: { ...markOf(id), ...patch } }));
    setErrors((current) => ({ ...current, [id]: '' }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !review) return;
    const found: Record<number, string> = {};
    for (const photo of review.photos) {
      const mark = markOf(photo.id);
      if (mark.verified === null) found[photo.id] = 'Marcá si esta foto está verificada o no.';
      else if (!mark.verified && mark.reason.trim().length < 5)
        found[photo.id] = 'Escribí por qué no se verificó esta foto: el anunciante lo va a ver.';
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`photo-${first}-group`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const photos = review.photos.map((p) => {
        const mark = markOf(p.id);
        return mark.verified ? { id: p.id, verified: true } : { id: p.id, verified: false, reason: mark.reason.trim() };
      });
      const answer = await postData<PhotoVerificationDecided>(`photo-verifications/${review.id}/decide`, { photos });
      showToast({
        title: answer.status === 'approved' ? 'Fotos verificadas' : 'Verificación cerrada con fotos rechazadas',
        description: review.adTitle,
        variant: 'success',
      });
      props.onClose();
      await props.onDecided();
    } catch (err) {
      showToast({ title: 'No se pudo cerrar la verificación', description: serverMessage(err), variant: 'error' });
      setBusy(false);
    }
  }

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!review) return <p aria-live="polite">Cargando la solicitud…</p>;
  return (
    <form className="panel__review" onSubmit={(e) => void submit(e)} noValidate>
      <dl className="panel__facts">
        <dt>Gesto pedido</dt>
        <dd>{gestureLabel(review.gesture)}</dd>
        <dt>Código en el papel</dt>
        <dd className="panel__code">{review.adCode}</dd>
        <dt>Anunciante</dt>
        <dd>{review.advertiserName}</dd>
        <dt>Enviada</dt>
        <dd>{review.submittedAt ? formatDateTime(review.submittedAt) : '—'}</dd>
      </dl>
      <div className="panel__photo-check">
        <figure className="panel__selfie">
          {review.hasSelfie ? (
            <a href={`/api/admin/photo-verifications/${review.id}/selfie`} target="_blank" rel="noopener">
              <img src={`/api/admin/photo-verifications/${review.id}/selfie`} alt={`Selfie de verificación de ${review.advertiserName}`} />
            </a>
          ) : (
            <p>La selfie ya no está disponible.</p>
          )}
          <figcaption>Selfie de verificación</figcaption>
        </figure>
        <ol className="panel__photo-marks">
          {review.photos.map((photo, i) => {
            const mark = markOf(photo.id);
            const error = errors[photo.id];
            return (
              <li key={photo.id}>
                <a href={photo.urlLarge} target="_blank" rel="noopener">
                  <img src={photo.url} alt={`Foto ${i + 1} del anuncio`} width={160} height={160} />
                </a>
                <fieldset
                  id={`photo-${photo.id}-group`}
                  tabIndex={-1}
                  aria-describedby={error ? `photo-${photo.id}-error` : undefined}
                  aria-invalid={error ? true : undefined}
                >
                  <legend>
                    Foto {i + 1}
                    {photo.verifiedAt && <span className="panel__muted"> (verificada el {formatDateTime(photo.verifiedAt)})</span>}
                  </legend>
                  <label>
                    <input
                      type="radio"
                      name={`photo-${photo.id}`}
                      checked={mark.verified === true}
                      onChange={() => setMark(photo.id, { verified: true })}
                    />{' '}
                    Verificada
                  </label>
                  <label>
                    <input
                      type="radio"
                      name={`photo-${photo.id}`}
                      checked={mark.verified === false}
                      onChange={() => setMark(photo.id, { verified: false })}
                    />{' '}
                    No verificada
                  </label>
                  {mark.verified === false && (
                    <div className="field">
                      <label htmlFor={`photo-${photo.id}-reason`}>Motivo (lo ve el anunciante)</label>
                      <textarea
                        id={`photo-${photo.id}-reason`}
                        rows={2}
                        maxLength={300}
                        value={mark.reason}
                        onChange={(e) => setMark(photo.id, { reason: e.target.value })}
                      />
                    </div>
                  )}
                  {error && (
                    <p id={`photo-${photo.id}-error`} className="panel__error">
                      {error}
                    </p>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Cerrar la verificación
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onClose}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
