// "Verificar fotos" of one ad (/mi-cuenta/anuncios/{id}/verificar-fotos): where the check stands (each photo
// verified or not, the open request, the latest decision with the reasons of refused photos), starting a request
// (the server picks the gesture) and sending the selfie with the gesture and the ad's code written on paper.
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import { formatLongDate, formatLongDateTime } from '#shared/format.ts';
import { formatShortDate, gestureLabel, PHOTO_VERIFICATION_STATUS_TEXT } from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export default function PhotoVerification(props: { initial: OwnPhotoVerification }) {
  const [state, setState] = useState(props.initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/advertiser/ads/${state.ad.id}/photo-verification`;
  const { ad, open, latest } = state;

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
    const found = !file
      ? 'Elegí la selfie que vas a enviar.'
      : !TYPES.includes(file.type)
        ? 'La selfie tiene que ser una imagen JPG, PNG o WebP.'
        : file.size > MAX_BYTES
          ? 'La imagen pesa más de 5 MB.'
          : undefined;
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

  const canAsk = state.stateAllows && !open && state.photos.length > 0;
  return (
    <div className="photo-verification">
      <p>
        El equipo de Velada compara cada foto de tu anuncio con una selfie tuya, hecha ahora con un gesto que te pedimos y con el código del
        anuncio escrito en un papel. Cuando todas las fotos están verificadas, el anuncio muestra <strong>Fotos reales</strong>. Si después
        agregás o cambiás una foto, el distintivo se quita hasta que la verifiquemos.
      </p>
      <p className="photo-verification__status" role="status">
        {ad.photosVerified && ad.photosVerifiedAt
          ? `Tu anuncio muestra «Fotos reales» desde el ${formatShortDate(ad.photosVerifiedAt)}.`
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

      <h2>Fotos del anuncio</h2>
      {state.photos.length === 0 ? (
        <p>
          Tu anuncio no tiene fotos. <a href={`/mi-cuenta/anuncios/${ad.id}`}>Subí al menos una</a> para pedir la verificación.
        </p>
      ) : (
        <ul className="photo-verification__photos">
          {state.photos.map((photo, i) => (
            <li key={photo.id}>
              <img src={photo.url} alt={`Foto ${i + 1} de tu anuncio`} width={120} height={120} loading="lazy" />
              <span className={photo.verifiedAt ? 'photo-verification__ok' : 'photo-verification__muted'}>
                {photo.verifiedAt ? `Verificada el ${formatShortDate(photo.verifiedAt)}` : 'Sin verificar'}
              </span>
            </li>
          ))}
        </ul>
      )}

      {open?.status === 'awaiting_selfie' && (
        <section className="photo-verification__request" aria-labelledby="selfie-title">
          <h2 id="selfie-title">Tu selfie de verificación</h2>
          <ol>
            <li>
              Escribí en un papel el código del anuncio: <strong className="photo-verification__code">{ad.id}</strong>
            </li>
            <li>
              Sacate una selfie sosteniendo el papel y haciendo este gesto:{' '}
              <strong className="photo-verification__gesture">{gestureLabel(open.gesture)}</strong>
            </li>
            <li>Que se vean bien tu cara, el gesto y el código. Sin filtros ni retoques.</li>
          </ol>
          <form onSubmit={(e) => void send(e)} className="account-form" noValidate>
            <div className="field">
              <label htmlFor="selfie">Selfie con el gesto y el código</label>
              <input
                id="selfie"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setFileError(undefined);
                }}
                {...errorProps('selfie', fileError)}
              />
              <FieldError id="selfie-error" message={fileError} />
            </div>
            <p className="form-hint">
              JPG, PNG o WebP de hasta 5 MB. La selfie se guarda cifrada, solo la ve el equipo de verificación y se borra 30 días después de
              la revisión.
            </p>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Enviando…' : 'Enviar la selfie'}
            </button>
          </form>
        </section>
      )}

      {open?.status === 'pending' && (
        <p className="photo-verification__pending">
          <strong>{PHOTO_VERIFICATION_STATUS_TEXT.pending}.</strong> Enviaste tu selfie el {formatLongDateTime(open.submittedAt!)}; el
          equipo la revisa en 24 a 48 horas.
        </p>
      )}

      {latest && (
        <section aria-labelledby="latest-title">
          <h2 id="latest-title">Última revisión: {PHOTO_VERIFICATION_STATUS_TEXT[latest.status].toLowerCase()}</h2>
          <p>Revisada el {formatLongDate(latest.decidedAt)}.</p>
          {latest.status === 'rejected' && (
            <ul className="photo-verification__results">
              {latest.checks.map((check, i) => (
                <li key={i}>
                  {check.url ? (
                    <img src={check.url} alt={`Foto ${i + 1} revisada`} width={72} height={72} loading="lazy" />
                  ) : (
                    <span className="photo-verification__muted">(foto eliminada)</span>
                  )}
                  <span className="photo-verification__result">
                    <span>
                      Foto {i + 1}: {check.verified ? 'verificada' : 'rechazada'}
                    </span>
                    {check.reason && <span className="account-reason">Motivo: {check.reason}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

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
