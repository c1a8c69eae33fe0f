// Rejecting or withdrawing a safety alert (panel): the reason, which the advertiser who reported reads.
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { safetyAlertKindLabel } from '#shared/safety-alerts.ts';
import ReasonField, { useRequiredReason } from './reason-field.tsx';
import DialogFormActions from './dialog-form-actions.tsx';

export type Refusal = { alert: SafetyAlertReview; action: 'reject' | 'withdraw' };

export default function SafetyAlertReasonForm(props: {
  refusal: Refusal;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const { field, busy, submit } = useRequiredReason({
    id: 'safety-alert-reason',
    missing: 'Escribí el motivo: quien reportó lo va a ver.',
    send: props.onSubmit,
  });
  return (
    <form className="panel__form" onSubmit={submit} noValidate>
      <p>
        {safetyAlertKindLabel(props.refusal.alert.kind)}: «{props.refusal.alert.description}»
      </p>
      <ReasonField {...field} label="Motivo (lo ve quien reportó)" />
      <DialogFormActions submit={props.refusal.action === 'withdraw' ? 'Retirar' : 'Rechazar'} busy={busy} onCancel={props.onCancel} />
    </form>
  );
}
