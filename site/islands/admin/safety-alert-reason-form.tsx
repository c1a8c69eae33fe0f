// Rejecting or withdrawing a safety alert (panel): the reason, which the advertiser who reported reads.
import { useState, type FormEvent } from 'react';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { safetyAlertKindLabel } from '#shared/safety-alerts.ts';
import ReasonField from './reason-field.tsx';

export type Refusal = { alert: SafetyAlertReview; action: 'reject' | 'withdraw' };

export default function SafetyAlertReasonForm(props: {
  refusal: Refusal;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < 5) {
      setError('Escribí el motivo: quien reportó lo va a ver.');
      document.getElementById('safety-alert-reason')?.focus();
      return;
    }
    setBusy(true);
    await props.onSubmit(reason.trim());
    setBusy(false);
  }
  return (
    <form className="panel__form" onSubmit={submit} noValidate>
      <p>
        {safetyAlertKindLabel(props.refusal.alert.kind)}: «{props.refusal.alert.description}»
      </p>
      <ReasonField
        id="safety-alert-reason"
        label="Motivo (lo ve quien reportó)"
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {props.refusal.action === 'withdraw' ? 'Retirar' : 'Rechazar'}
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
