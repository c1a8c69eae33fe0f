// Alertas de seguridad (permission 'view reports', docs/decisions/040-alertas.md): incidents verified advertisers
// reported against a phone number. Pending ones, oldest first, are approved (they start counting in lookups) or
// rejected with a reason the reporter reads; an approved one can be withdrawn (abuse, a rectification), also with a
// reason. Each row shows who reported (never shown to other advertisers) and the other alerts on the same number.
// The number itself is not kept, so it is not here either.
import { useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { usePanelAction } from './use-panel-action.ts';
import { exportDateTime } from './labels.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { safetyAlertKindLabel, type SafetyAlertStatus } from '#shared/safety-alerts.ts';
import AlertsTable from './safety-alerts-table.tsx';
import SafetyAlertReasonForm, { type Refusal } from './safety-alert-reason-form.tsx';
import { NumberSearchForm, useNumberSearch } from './safety-alert-number-search.tsx';

const STATUSES: [SafetyAlertStatus, string][] = [
  ['pending', 'En revisión'],
  ['approved', 'Aprobadas'],
  ['rejected', 'Rechazadas'],
  ['withdrawn', 'Retiradas'],
];

/** 'Exportar': the alerts listed, with who reported each. */
function useSafetyAlertsExport(alerts: SafetyAlertReview[] | null) {
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
}

const alertCount = (n: number) => (n === 1 ? '1 alerta' : `${n} alertas`);

/** Approving, rejecting or withdrawing an alert; `after` reloads what shows it. */
function useAlertActions(after: () => Promise<unknown>) {
  const rowAction = usePanelAction();
  const act = (alert: SafetyAlertReview, action: 'approve' | 'reject' | 'withdraw', reason?: string) =>
    rowAction.run(
      alert.id,
      () => postData(`safety-alerts/${alert.id}/${action}`, reason ? { reason } : undefined),
      {
        success: {
          title: { approve: 'Alerta aprobada', reject: 'Alerta rechazada', withdraw: 'Alerta retirada' }[action],
          description: safetyAlertKindLabel(alert.kind),
        },
        failure: {
          approve: 'No se pudo aprobar la alerta',
          reject: 'No se pudo rechazar la alerta',
          withdraw: 'No se pudo retirar la alerta',
        }[action],
      },
      after,
    );
  return { busyId: rowAction.busyId, act };
}

/** onUnauthorized and onChanged must be stable. */
export default function SafetyAlertsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [status, setStatus] = useState<SafetyAlertStatus>('pending');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { onChanged } = props;
  const {
    items: alerts,
    error,
    reload,
  } = usePanelList<SafetyAlertReview>(
    `safety-alerts?status=${status}`,
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar las alertas.',
  );

  useSafetyAlertsExport(alerts);

  const search = useNumberSearch(props.onUnauthorized);

  const { busyId, act } = useAlertActions(() => Promise.all([reload(), onChanged(), search.searched ? search.searchAgain() : null]));
  const table = (rows: SafetyAlertReview[], label: string) => (
    <AlertsTable
      alerts={rows}
      label={label}
      busyId={busyId}
      onApprove={(a) => void act(a, 'approve')}
      onRefuse={(alert, action) => setRefusal({ alert, action })}
    />
  );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Alertas de seguridad
      </h1>
      <p className="panel__muted">
        Reportes de anunciantes verificados sobre un número de teléfono. Solo las aprobadas cuentan en las consultas, sin decir quién
        reportó. Del número se guarda solo una huella cifrada: para ver las alertas de un número que alguien consulta o pide corregir,
        buscalo abajo.
      </p>
      <NumberSearchForm search={search} />
      {search.searched ? (
        <>
          <h2>Alertas de ese número</h2>
          <p aria-live="polite" className="panel__count">
            {search.searched.length === 0 ? 'Ese número no tiene alertas en los últimos 12 meses.' : alertCount(search.searched.length)}
          </p>
          {search.searched.length > 0 && table(search.searched, 'Alertas del número buscado')}
        </>
      ) : (
        <>
          <div className="panel__filters">
            <StatusSelect id="safety-alerts-status" value={status} options={STATUSES} onChange={setStatus} />
          </div>
          {error && <p role="alert">{error}</p>}
          {!alerts && !error && <p aria-live="polite">Cargando…</p>}
          {alerts && (
            <p aria-live="polite" className="panel__count">
              {alertCount(alerts.length)}
            </p>
          )}
          {alerts?.length === 0 && <p>No hay alertas en este estado.</p>}
          {alerts && alerts.length > 0 && table(alerts, 'Tabla de alertas de seguridad')}
        </>
      )}
      <PanelDialog
        title={refusal?.action === 'withdraw' ? 'Retirar la alerta' : 'Rechazar la alerta'}
        open={refusal !== null}
        onClose={() => setRefusal(null)}
      >
        {refusal && (
          <SafetyAlertReasonForm
            refusal={refusal}
            onCancel={() => setRefusal(null)}
            onSubmit={async (reason) => (await act(refusal.alert, refusal.action, reason)) && setRefusal(null)}
          />
        )}
      </PanelDialog>
    </section>
  );
}
