// The report form ("Denunciar"): the ad (preset from its page, or a code or link typed here), the reason,
// optional details and an optional email for an answer. A possible minor or trafficking hides the ad at once.
import { useState, type FormEvent } from 'react';
import FieldError, { errorProps } from '#site/islands/account/field-error.tsx';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { REPORT_REASONS } from '#shared/report-reasons.ts';

export default function ReportForm(props: { adId?: number; adTitle?: string; reason?: string }) {
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState(props.reason ?? '');
  const [details, setDetails] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ hidden: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setErrors({ reason: 'Elegí el motivo de la denuncia.' });
      document.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await callApi<{ hidden: boolean }>('POST', '/api/reports', {
        adId: props.adId ?? null,
        adReference: props.adId ? undefined : reference,
        reason,
        details,
        contactEmail: email,
      });
      setSent({ hidden: Boolean(answer.hidden) });
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.status === 0) setProblem('No pudimos conectar con el servidor. Si es urgente, llamá a la Línea 145.');
      else if (error.field) setErrors({ [error.field]: error.detail });
      else setProblem(error.code === 'network_error' ? 'No se pudo enviar la denuncia.' : error.message);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="form-success" role="status">
        <p>
          <strong>Gracias: recibimos tu denuncia.</strong>{' '}
          {sent.hidden ? 'Ocultamos el aviso mientras el equipo de Velada la revisa.' : 'El equipo de Velada la va a revisar.'}
        </p>
        <p>Si alguien está en peligro, llamá gratis a la Línea 145 (las 24 horas, anónima) o al 911.</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {props.adId ? (
        <p>
          Aviso: <strong>{props.adTitle}</strong> (código {props.adId})
        </p>
      ) : (
        <div className="field">
          <label htmlFor="report-reference">Código o enlace del aviso (si lo tenés)</label>
          <input
            id="report-reference"
            maxLength={200}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            {...errorProps('report-reference', errors.adReference)}
          />
          <FieldError id="report-reference-error" message={errors.adReference} />
        </div>
      )}
      <fieldset className="choice-list" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
        <legend>Motivo</legend>
        {REPORT_REASONS.map(({ value, label }) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setErrors({});
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <FieldError id="report-reason-error" message={errors.reason} />
      <div className="field">
        <label htmlFor="report-details">Detalles (opcional)</label>
        <textarea
          id="report-details"
          rows={4}
          maxLength={1000}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          {...errorProps('report-details', errors.details)}
        />
        <FieldError id="report-details-error" message={errors.details} />
      </div>
      <div className="field">
        <label htmlFor="report-email">Tu email, si querés una respuesta (opcional)</label>
        <input
          id="report-email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...errorProps('report-email', errors.contactEmail)}
        />
        <FieldError id="report-email-error" message={errors.contactEmail} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar denuncia'}
      </button>
    </form>
  );
}
