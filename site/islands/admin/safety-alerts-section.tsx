// Alertas de seguridad (permission 'view reports', docs/decisions/040-alertas.md): incidents verified advertisers
// reported against a phone number. Pending ones, oldest first, are approved (they start counting in lookups) or
// rejected with a reason the reporter reads; an approved one can be withdrawn (abuse, a rectification), also with a
// reason. Each row shows who reported (never shown to other advertisers) and the other alerts on the same number.
// The number itself is not kept, so it is not here either.
import { useMemo, useState, type FormEvent } from 'react';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { usePanelAction } from './use-panel-action.ts';
import { exportDateTime, formatDateTime } from './labels.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import type { SafetyAlertReview } from '#db/queries/safety-alerts.ts';
import { formatAlertDate, safetyAlertKindLabel, type SafetyAlertStatus } from '#shared/safety-alerts.ts';

const STATUSES: [SafetyAlertStatus, string][] = [
  ['pending', 'En revisión'],
  ['approved', 'Aprobadas'],
  ['rejected', 'Rechazadas'],
  ['withdrawn', 'Retiradas'],
];
type Refusal = { alert: SafetyAlertReview; action: 'reject' | 'withdraw' };

const COUNT_WORDS: Record<SafetyAlertStatus, [one: string, many: string]> = {
  pending: ['en revisión', 'en revisión'],
  approved: ['aprobada', 'aprobadas'],
  rejected: ['rechazada', 'rechazadas'],
  withdrawn: ['retirada', 'retiradas'],
};

/** '1 aprobada, 2 en revisión': the other alerts on the number, or 'Ninguna'. */
function sameNumberText(counts: SafetyAlertReview['sameNumber']): string {
  const parts = (Object.entries(counts) as [SafetyAlertStatus, number][])
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${COUNT_WORDS[status][n === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(', ') : 'Ninguna';
}

/** onUnauthorized and onChanged must be stable. */
export default function SafetyAlertsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [status, setStatus] = useState<SafetyAlertStatus>('pending');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const rowAction = usePanelAction();
  const { busyId } = rowAction;
  const { onChanged } = props;
  const { items: alerts, error, reload } = usePanelList<SafetyAlertReview>(
    `safety-alerts?status=${status}`,
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar las alertas.',
  );

  useExportList(
    useMemo(
      () =>
        alerts && {
          name: 'alertas-de-seguridad',
          columns: ['Reportada', 'Tipo', 'Fecha del incidente', 'Descripción', 'Quién reportó', 'Estado', 'Motivo'],
          rows: alerts.map((a) => [
            exportDateTime(a.createdAt),
            safetyAlertKindLabel(a.kind),
            a.incidentDate,
            a.description,
            `${a.reporter.name} (n.º ${a.reporter.id})`,
            STATUSES.find(([s]) => s === a.status)?.[1],
            a.decisionReason,
          ]),
        },
      [alerts],
    ),
  );

  const act = (alert: SafetyAlertReview, action: 'approve' | 'reject' | 'withdraw', reason?: string) =>
    rowAction.run(
      alert.id,
      () => postData(`safety-alerts/${alert.id}/${action}`, reason ? { reason } : undefined),
      {
        success: {
          title: { approve: 'Alerta aprobada', reject: 'Alerta rechazada', withdraw: 'Alerta retirada' }[action],
          description: safetyAlertKindLabel(alert.kind),
        },
        failure: { approve: 'No se pudo aprobar la alerta', reject: 'No se pudo rechazar la alerta', withdraw: 'No se pudo retirar la alerta' }[
          action
        ],
      },
      () => Promise.all([reload(), onChanged()]),
    );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Alertas de seguridad
      </h1>
      <p className="panel__muted">
        Reportes de anunciantes verificados sobre un número de teléfono. Solo las aprobadas cuentan en las consultas, sin decir quién
        reportó. Del número se guarda solo una huella cifrada.
      </p>
      <div className="panel__filters">
        <div className="field">
          <label htmlFor="safety-alerts-status">Estado</label>
          <select id="safety-alerts-status" value={status} onChange={(e) => setStatus(e.target.value as SafetyAlertStatus)}>
            {STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && <p role="alert">{error}</p>}
      {!alerts && !error && <p aria-live="polite">Cargando…</p>}
      {alerts && (
        <p aria-live="polite" className="panel__count">
          {alerts.length === 1 ? '1 alerta' : `${alerts.length} alertas`}
        </p>
      )}
      {alerts?.length === 0 && <p>No hay alertas en este estado.</p>}
      {alerts && alerts.length > 0 && (
        <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de alertas de seguridad">
          <table className="panel__table">
            <caption className="visually-hidden">Alertas de seguridad</caption>
            <thead>
              <tr>
                <th scope="col">Reportada</th>
                <th scope="col">Incidente</th>
                <th scope="col">Quién reportó</th>
                <th scope="col">Otras alertas del número</th>
                {(status === 'pending' || status === 'approved') && <th scope="col">Acciones</th>}
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id}>
                  <td>{formatDateTime(a.createdAt)}</td>
                  <th scope="row" className="panel__wrap">
                    {safetyAlertKindLabel(a.kind)}
                    <span className="panel__muted panel__block">
                      {a.incidentDate ? `Incidente del ${formatAlertDate(a.incidentDate)}` : 'Sin fecha del incidente'}
                    </span>
                    <span className="panel__block">{a.description}</span>
                    {a.decisionReason && <span className="panel__muted panel__block">Motivo: {a.decisionReason}</span>}
                  </th>
                  <td className="panel__wrap">
                    {a.reporter.name} (n.º {a.reporter.id})<span className="panel__muted panel__block">{a.reporter.email}</span>
                  </td>
                  <td>{sameNumberText(a.sameNumber)}</td>
                  {status === 'pending' && (
                    <td>
                      <span className="panel__row-actions">
                        <button type="button" className="btn btn-primary" disabled={busyId === a.id} onClick={() => void act(a, 'approve')}>
                          Aprobar<span className="visually-hidden"> la alerta {a.id}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline"
                          disabled={busyId === a.id}
                          onClick={() => setRefusal({ alert: a, action: 'reject' })}
                        >
                          Rechazar<span className="visually-hidden"> la alerta {a.id}</span>
                        </button>
                      </span>
                    </td>
                  )}
                  {status === 'approved' && (
                    <td>
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={busyId === a.id}
                        onClick={() => setRefusal({ alert: a, action: 'withdraw' })}
                      >
                        Retirar<span className="visually-hidden"> la alerta {a.id}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PanelDialog
        title={refusal?.action === 'withdraw' ? 'Retirar la alerta' : 'Rechazar la alerta'}
        open={refusal !== null}
        onClose={() => setRefusal(null)}
      >
        {refusal && (
          <ReasonForm
            refusal={refusal}
            onCancel={() => setRefusal(null)}
            onSubmit={async (reason) => (await act(refusal.alert, refusal.action, reason)) && setRefusal(null)}
          />
        )}
      </PanelDialog>
    </section>
  );
}

function ReasonForm(props: { refusal: Refusal; onCancel: () => void; onSubmit: (reason: string) => Promise<unknown> }) {
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
      <div className="field">
        <label htmlFor="safety-alert-reason">Motivo (lo ve quien reportó)</label>
        <textarea
          id="safety-alert-reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'safety-alert-reason-error' : undefined}
        />
        {error && (
          <p id="safety-alert-reason-error" className="panel__error">
            {error}
          </p>
        )}
      </div>
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
