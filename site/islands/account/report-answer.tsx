// "Responder" on a held ad's review page (/mi-cuenta/anuncios/{id}/revision): the advertiser's answer to the report,
// which staff read with it in the panel (decision 044). Shows what was already sent; a few answers per report.
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import FieldError from '#site/islands/forms/field-error.tsx';
import type { AdReview } from '#shared/contracts/advertiser/ad-review.ts';

const MAX_LENGTH = 2000;
const when = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});

export default function ReportAnswer(props: { review: AdReview }) {
  const [review, setReview] = useState(props.review);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSent(false);
    try {
      setReview(await callApi<AdReview>('POST', `/api/advertiser/ads/${review.ad.id}/answers`, { answer }));
      setAnswer('');
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : 'No pudimos conectar con el servidor.');
      document.getElementById('report-answer')?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {review.answers.length > 0 && (
        <section aria-labelledby="answers-title">
          <h2 id="answers-title">Lo que respondiste</h2>
          <ul className="report-answers">
            {review.answers.map((a) => (
              <li key={a.createdAt}>
                <span className="account-ads__meta">{when.format(new Date(a.createdAt))}</span>
                <p>{a.body}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sent && (
        <p className="form-success" role="status">
          Enviamos tu respuesta al equipo: la van a leer junto con la denuncia.
        </p>
      )}
      {review.open && review.answersLeft > 0 ? (
        <form onSubmit={submit} className="account-form" noValidate>
          <div className="field">
            <label htmlFor="report-answer">Tu respuesta</label>
            <textarea
              id="report-answer"
              rows={6}
              maxLength={MAX_LENGTH}
              value={answer}
              onChange={(e) => {
                setAnswer(e.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'report-answer-hint report-answer-error' : 'report-answer-hint'}
            />
            <p id="report-answer-hint" className="form-hint">
              Contá lo que quieras que el equipo sepa (hasta {MAX_LENGTH} caracteres). Podés enviar{' '}
              {review.answersLeft === 1 ? 'una respuesta más' : `hasta ${review.answersLeft} respuestas`}.
            </p>
            <FieldError id="report-answer-error" message={error} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Enviando…' : 'Responder'}
          </button>
        </form>
      ) : (
        review.open && <p>Ya enviaste todas las respuestas posibles a esta denuncia: el equipo las está leyendo.</p>
      )}
    </>
  );
}
