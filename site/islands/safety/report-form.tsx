// The report form ("Denunciar"): the ad (preset from its page, or a code or link typed here), the reason,
// optional details and an optional email for an answer. A possible minor or trafficking hides the ad at once.
import { useState, type FormEvent } from 'react';
import FieldError from '#site/islands/forms/field-error.tsx';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';
import { callApi } from '#site/lib/api-client.ts';
import { REPORT_REASONS } from '#shared/report-reasons.ts';

export default function ReportForm(props: { adId?: number; adTitle?: string; reason?: string }) {
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState(props.reason ?? '');
  const [details, setDetails] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ hidden: boolean } | null>(null);
  const form = useFormSubmit('report', {
    offline: 'No pudimos conectar con el servidor. Si es urgente, llamá a la Línea 145.',
    failed: 'No se pudo enviar la denuncia.',
  });
  const { errors } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    if (!reason) {
      form.check({ reason: 'Elegí el motivo de la denuncia.' });
      document.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    void form.submit(async () => {
      const answer = await callApi<{ hidden: boolean }>('POST', '/api/reports', {
        adId: props.adId ?? null,
        adReference: props.adId ? undefined : reference,
        reason,
        details,
        contactEmail: email,
      });
      setSent({ hidden: Boolean(answer.hidden) });
    });
  }

  if (sent) return <ReportSent hidden={sent.hidden} />;
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      {props.adId ? (
        <p>
          Aviso: <strong>{props.adTitle}</strong> (código {props.adId})
        </p>
      ) : (
        <FormField id="report-adReference" label="Código o enlace del aviso (si lo tenés)" error={errors.adReference}>
          <input maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
        </FormField>
      )}
      <ReasonChoice
        reason={reason}
        error={errors.reason}
        onChange={(value) => {
          setReason(value);
          form.clearError('reason');
        }}
      />
      <FieldError id="report-reason-error" message={errors.reason} />
      <FormField id="report-details" label="Detalles (opcional)" error={errors.details}>
        <textarea rows={4} maxLength={1000} value={details} onChange={(e) => setDetails(e.target.value)} />
      </FormField>
      <FormField id="report-contactEmail" label="Tu email, si querés una respuesta (opcional)" error={errors.contactEmail}>
        <input type="email" autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Enviando…' : 'Enviar denuncia'}
      </button>
    </form>
  );
}

function ReportSent({ hidden }: { hidden: boolean }) {
  return (
    <div className="form-success" role="status">
      <p>
        <strong>Gracias: recibimos tu denuncia.</strong>{' '}
        {hidden ? 'Ocultamos el aviso mientras el equipo de Velada la revisa.' : 'El equipo de Velada la va a revisar.'}
      </p>
      <p>Si alguien está en peligro, llamá gratis a la Línea 145 (las 24 horas, anónima) o al 911.</p>
    </div>
  );
}

function ReasonChoice({ reason, error, onChange }: { reason: string; error: string | undefined; onChange: (reason: string) => void }) {
  return (
    <fieldset className="choice-list" aria-describedby={error ? 'report-reason-error' : undefined}>
      <legend>Motivo</legend>
      {REPORT_REASONS.map(({ value, label }) => (
        <label key={value} className="choice">
          <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => onChange(value)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
