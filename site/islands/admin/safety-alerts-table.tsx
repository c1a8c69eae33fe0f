// The table of Alertas de seguridad (panel), for a state's list and for a searched number alike.
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { formatAlertDate, safetyAlertKindLabel, SAFETY_ALERT_STATUS_LABELS, type SafetyAlertStatus } from '#shared/safety-alerts.ts';
import { formatDateTime } from './labels.ts';

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

/** The alerts with who reported each and the number's other alerts; a pending one can be decided, an approved one withdrawn. */
export default function AlertsTable(props: {
  alerts: SafetyAlertReview[];
  label: string;
  busyId: number | null;
  onApprove: (alert: SafetyAlertReview) => void;
  onRefuse: (alert: SafetyAlertReview, action: 'reject' | 'withdraw') => void;
}) {
  const { alerts, busyId } = props;
  const withActions = alerts.some((a) => a.status === 'pending' || a.status === 'approved');
  return (
    <div className="panel__table-wrap" tabIndex={0} role="region" aria-label={props.label}>
      <table className="panel__table">
        <caption className="visually-hidden">{props.label}</caption>
        <thead>
          <tr>
            <th scope="col">Reportada</th>
            <th scope="col">Incidente</th>
            <th scope="col">Quién reportó</th>
            <th scope="col">Otras alertas del número</th>
            {withActions && <th scope="col">Acciones</th>}
          </tr>
        </thead>
        <tbody>
          {alerts.map((a) => (
            <tr key={a.id}>
              <td>
                {formatDateTime(a.createdAt)}
                <span className="panel__muted panel__block">{SAFETY_ALERT_STATUS_LABELS[a.status]}</span>
              </td>
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
              {withActions && (
                <td>
                  {a.status === 'pending' && (
                    <span className="panel__row-actions">
                      <button type="button" className="btn btn-primary" disabled={busyId === a.id} onClick={() => props.onApprove(a)}>
                        Aprobar<span className="visually-hidden"> la alerta {a.id}</span>
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={busyId === a.id}
                        onClick={() => props.onRefuse(a, 'reject')}
                      >
                        Rechazar<span className="visually-hidden"> la alerta {a.id}</span>
                      </button>
                    </span>
                  )}
                  {a.status === 'approved' && (
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={busyId === a.id}
                      onClick={() => props.onRefuse(a, 'withdraw')}
                    >
                      Retirar<span className="visually-hidden"> la alerta {a.id}</span>
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
