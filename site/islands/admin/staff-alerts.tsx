// Alerts at the top of every panel section (an ad hidden by a report, a hiding report waiting over 24 hours, a
// password attack on an account): each admin sees those of the permissions they hold, until one of them marks it
// seen. Reloaded with 'Actualizar'.
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { formatDateTime } from './labels.ts';
import type { StaffAlertItem as StaffAlert } from '#shared/contracts/staff/overview.ts';
import { usePanelAction } from './use-panel-action.ts';

const KIND_LABELS: Record<StaffAlert['kind'], string> = {
  hiding_report: 'Denuncia urgente',
  overdue_report: 'Denuncia demorada',
  login_attack: 'Seguridad',
};

/** onUnauthorized must be stable. */
export default function StaffAlerts(props: { reloadToken: number; onUnauthorized: () => void }) {
  const { items: alerts, reload } = usePanelList<StaffAlert>(
    'alerts',
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar las alertas.',
  );
  const action = usePanelAction();
  const { busyId } = action;
  if (!alerts || alerts.length === 0) return null;

  const markSeen = (alert: StaffAlert) =>
    action.run(alert.id, () => postData(`alerts/${alert.id}/seen`), { success: null, failure: 'No se pudo marcar la alerta' }, reload);

  return (
    <section aria-labelledby="panel-alerts-title">
      <h2 id="panel-alerts-title" className="visually-hidden">
        Alertas
      </h2>
      <ul className="panel__alerts">
        {alerts.map((alert) => (
          <li key={alert.id} className="card panel__alert">
            <span>
              <strong>{KIND_LABELS[alert.kind]}:</strong> {alert.message}{' '}
              <span className="panel__muted">({formatDateTime(alert.createdAt)})</span>
            </span>
            <button type="button" className="btn btn-outline" disabled={busyId === alert.id} onClick={() => void markSeen(alert)}>
              Marcar como vista<span className="visually-hidden">: {alert.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
