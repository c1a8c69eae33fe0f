// Reviewing one "Fotos reales" request (panel): the selfie beside every photo of the ad, with the gesture and the
// code asked for; each photo marked verified or not (with a reason the advertiser reads), then the request closed.
import { useEffect, useState, type FormEvent } from 'react';
import { getData, postData, serverMessage } from '#site/lib/admin-api.ts';
import { showToast } from '#site/stores/toasts.ts';
import { formatDateTime } from './labels.ts';
import { gestureLabel } from '#shared/photo-verification.ts';
import type { PhotoVerificationDecided, PhotoVerificationReview } from '#shared/contracts/staff/photo-verifications.ts';
import DialogFormActions from './dialog-form-actions.tsx';

type Mark = { verified: boolean | null; reason: string };
type ReviewPhoto = PhotoVerificationReview['photos'][number];

/** The request as the server shows it to staff, loaded when the dialog opens. */
function useRequestReview(requestId: number) {
  const [review, setReview] = useState<PhotoVerificationReview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getData<PhotoVerificationReview>('photo-verifications', String(requestId)).then(
      (answer) => live && setReview(answer),
      (err) => live && setLoadError(serverMessage(err) ?? 'No se pudo cargar la solicitud.'),
    );
    return () => {
      live = false;
    };
  }, [requestId]);
  return { review, loadError };
}

/** What is missing before the request can be closed: each photo marked, and a reason for each one not verified. */
function markErrors(photos: ReviewPhoto[], markOf: (id: number) => Mark): Record<number, string> {
  const found: Record<number, string> = {};
  for (const photo of photos) {
    const mark = markOf(photo.id);
    if (mark.verified === null) found[photo.id] = 'Marcá si esta foto está verificada o no.';
    else if (!mark.verified && mark.reason.trim().length < 5)
      found[photo.id] = 'Escribí por qué no se verificó esta foto: el anunciante lo va a ver.';
  }
  return found;
}

export default function PhotoReview(props: { requestId: number; onClose: () => void; onDecided: () => Promise<unknown> }) {
  const { review, loadError } = useRequestReview(props.requestId);
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  const markOf = (id: number): Mark => marks[id] ?? { verified: null, reason: '' };
  const setMark = (id: number, patch: Partial<Mark>) => {
    setMarks((current) => ({ ...current, [id]: { ...markOf(id), ...patch } }));
    setErrors((current) => ({ ...current, [id]: '' }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !review) return;
    const found = markErrors(review.photos, markOf);
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
      <RequestFacts review={review} />
      <div className="panel__photo-check">
        <Selfie review={review} />
        <ol className="panel__photo-marks">
          {review.photos.map((photo, i) => (
            <PhotoMark
              key={photo.id}
              photo={photo}
              index={i}
              mark={markOf(photo.id)}
              error={errors[photo.id]}
              onMark={(patch) => setMark(photo.id, patch)}
            />
          ))}
        </ol>
      </div>
      <DialogFormActions submit="Cerrar la verificación" busy={busy} onCancel={props.onClose} />
    </form>
  );
}

/** What was asked for and who sent it. */
function RequestFacts({ review }: { review: PhotoVerificationReview }) {
  return (
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
  );
}

/** The selfie (decrypted by the server, each view audited), large on a click. */
function Selfie({ review }: { review: PhotoVerificationReview }) {
  return (
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
  );
}

interface PhotoMarkProps {
  photo: ReviewPhoto;
  index: number;
  mark: Mark;
  error: string | undefined;
  onMark: (patch: Partial<Mark>) => void;
}

/** One photo of the ad, large on a click, with "Verificada" or "No verificada" and the reason. */
function PhotoMark({ photo, index: i, mark, error, onMark }: PhotoMarkProps) {
  return (
    <li>
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
          <input type="radio" name={`photo-${photo.id}`} checked={mark.verified === true} onChange={() => onMark({ verified: true })} />{' '}
          Verificada
        </label>
        <label>
          <input type="radio" name={`photo-${photo.id}`} checked={mark.verified === false} onChange={() => onMark({ verified: false })} />{' '}
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
              onChange={(e) => onMark({ reason: e.target.value })}
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
}
