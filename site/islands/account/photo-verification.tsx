// "Verificar fotos" of one ad (/mi-cuenta/anuncios/{id}/verificar-fotos): where the check stands (each photo
// verified or not, the open request, the latest decision with the reasons of refused photos), starting a request
// (the server picks the gesture) and sending the selfie with the gesture and the ad's code written on paper.
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { formatLongDateTime } from '#shared/format.ts';
import {
  formatShortDate,
  PHOTO_VERIFICATION_STATUS_TEXT,
  PHOTOS_VERIFIED_DAYS,
  photosVerifiedUntil,
  verifiedAgoText,
} from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';
import SelfieRequest, { selfieProblem } from './selfie-request.tsx';
import { AdPhotoChecks, LatestReview } from './photo-check-results.tsx';
import { usualWaitText } from '#shared/contracts/public/service-times.ts';

/** Where the check stands, as the server last said; starting a request and sending the selfie. */
function usePhotoVerification(initial: OwnPhotoVerification) {
  const [state, setState] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/advertiser/ads/${state.ad.id}/photo-verification`;

  async function start() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      setState(await callApi<OwnPhotoVerification>('POST', base));
      setNotice('Listo: ya tenés tu gesto y tu código. Sacate la selfie y subila acá.');
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'No se pudo empezar la verificación.');
    } finally {
      setBusy(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = selfieProblem(file);
    setFileError(found);
    setProblem(null);
    if (found) {
      document.getElementById('selfie')?.focus();
      return;
    }
    const form = new FormData();
    form.set('selfie', file!);
    setBusy(true);
    try {
      setState(await callApi<OwnPhotoVerification>('POST', `${base}/selfie`, form));
      setFile(null);
      setNotice('Recibimos tu selfie. El equipo la compara con cada foto del anuncio; el resultado va a aparecer en esta página.');
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.field === 'selfie') {
        setFileError(error.detail);
        document.getElementById('selfie')?.focus();
      } else setProblem(error.message);
    } finally {
      setBusy(false);
    }
  }
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(undefined);
  };
  return { state, fileError, problem, notice, busy, start, send, chooseFile };
}

/** `usualWait`: the median wait for a photo check over the last 7 days (null: no figure), shown while one waits for staff. */
export default function PhotoVerification(props: { initial: OwnPhotoVerification; usualWait: number | null }) {
  const { state, fileError, problem, notice, busy, start, send, chooseFile } = usePhotoVerification(props.initial);
  const { ad, open, latest } = state;
  const canAsk = state.stateAllows && !open && state.photos.length > 0;
  return (
    <div className="photo-verification">
      <p>
        El equipo de Velada compara cada foto de tu anuncio con una selfie tuya, hecha ahora con un gesto que te pedimos y con el código del
        anuncio escrito en un papel. Cuando todas las fotos están verificadas, el anuncio muestra <strong>Fotos reales</strong>. Si después
        agregás o cambiás una foto, el distintivo se quita hasta que la verifiquemos. La verificación dura {PHOTOS_VERIFIED_DAYS} días.
      </p>
      <p className="photo-verification__status" role="status">
        {ad.photosVerified && ad.photosVerifiedAt
          ? `Tu anuncio muestra «Fotos reales»: fotos ${verifiedAgoText(ad.photosVerifiedAt, new Date())}, el ${formatShortDate(ad.photosVerifiedAt)}. ` +
            `El distintivo vence el ${formatShortDate(photosVerifiedUntil(ad.photosVerifiedAt))}; unos días antes te avisamos por correo para que pidas una nueva verificación.`
          : 'Tu anuncio todavía no muestra «Fotos reales».'}
      </p>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}

      <AdPhotoChecks adId={ad.id} photos={state.photos} />

      {open?.status === 'awaiting_selfie' && (
        <SelfieRequest
          adId={ad.id}
          gesture={open.gesture}
          fileError={fileError}
          busy={busy}
          onFile={chooseFile}
          onSubmit={(e) => void send(e)}
        />
      )}

      {open?.status === 'pending' && (
        <>
          <p className="photo-verification__pending">
            <strong>{PHOTO_VERIFICATION_STATUS_TEXT.pending}.</strong> Enviaste tu selfie el {formatLongDateTime(open.submittedAt!)}; el
            equipo la compara con cada foto.
          </p>
          <p className="form-hint usual-wait">{usualWaitText(props.usualWait)}</p>
        </>
      )}

      {latest && <LatestReview latest={latest} />}

      {!state.stateAllows && !open && (
        <p>
          Solo se pueden verificar las fotos de un anuncio publicado, pausado o en revisión. Si es un borrador, envialo a revisión primero.
        </p>
      )}
      <div className="form-actions photo-verification__actions">
        {canAsk && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {latest ? 'Pedir una nueva verificación' : 'Empezar la verificación'}
          </button>
        )}
        <a className="btn btn-outline" href="/mi-cuenta">
          Volver a mi cuenta
        </a>
      </div>
    </div>
  );
}
