// The table of Alertas de seguridad (panel), for a state's list and for a searched number alike.
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { formatAlertDate, safetyAlertKindLabel, SAFETY_ALERT_STATUS_LABELS, type SafetyAlertStatus } from '#shared/safety-alerts.ts';
import { formatDateTime } from './labels.ts';
import PanelTable, { EmailText, type PanelColumns } from './panel-table.tsx';

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
  const { alerts } = props;
  const withActions = alerts.some((a) => a.status === 'pending' || a.status === 'approved');
  const columns: PanelColumns<SafetyAlertReview> = [
    {
      header: 'Reportada',
      cell: (a) => (
        <>
          <span className="panel-table__nowrap">{formatDateTime(a.createdAt)}</span>
          <span className="panel__muted panel__block">{SAFETY_ALERT_STATUS_LABELS[a.status]}</span>
        </>
      ),
    },
    {
      header: 'Incidente',
      rowHeader: true,
      wide: true,
      cell: (a) => (
        <>
          {safetyAlertKindLabel(a.kind)}
          <span className="panel__muted panel__block">
            {a.incidentDate ? `Incidente del ${formatAlertDate(a.incidentDate)}` : 'Sin fecha del incidente'}
          </span>
          <span className="panel__block">{a.description}</span>
          {a.decisionReason && <span className="panel__muted panel__block">Motivo: {a.decisionReason}</span>}
        </>
      ),
    },
    {
      header: 'Quién reportó',
      breakAnywhere: true,
      cell: (a) => (
        <>
          {a.reporter.name} (n.º {a.reporter.id})
          <span className="panel__muted panel__block">
            <EmailText email={a.reporter.email} />
          </span>
        </>
      ),
    },
    { header: 'Otras alertas del número', cell: (a) => sameNumberText(a.sameNumber) },
    withActions && {
      header: 'Acciones',
      actions: true,
      cell: (a) => <AlertActions alert={a} busyId={props.busyId} onApprove={props.onApprove} onRefuse={props.onRefuse} />,
    },
  ];
  return <PanelTable label={props.label} caption={props.label} columns={columns} rows={alerts} rowKey={(a) => a.id} />;
}

/** Approve or reject a pending alert; withdraw an approved one. */
function AlertActions(props: {
  alert: SafetyAlertReview;
  busyId: number | null;
  onApprove: (alert: SafetyAlertReview) => void;
  onRefuse: (alert: SafetyAlertReview, action: 'reject' | 'withdraw') => void;
}) {
  const { alert: a, busyId } = props;
  if (a.status === 'pending')
    return (
      <span className="panel__row-actions">
        <button type="button" className="btn btn-primary" disabled={busyId === a.id} onClick={() => props.onApprove(a)}>
          Aprobar<span className="visually-hidden"> la alerta {a.id}</span>
        </button>
        <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => props.onRefuse(a, 'reject')}>
          Rechazar<span className="visually-hidden"> la alerta {a.id}</span>
        </button>
      </span>
    );
  if (a.status === 'approved')
    return (
      <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => props.onRefuse(a, 'withdraw')}>
        Retirar<span className="visually-hidden"> la alerta {a.id}</span>
      </button>
    );
  return null;
}
