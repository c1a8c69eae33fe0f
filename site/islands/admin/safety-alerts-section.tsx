// Alertas de seguridad (permission 'view reports', docs/decisions/040-alertas.md): incidents verified advertisers
// reported against a phone number. Pending ones, oldest first, are approved (they start counting in lookups) or
// rejected with a reason the reporter reads; an approved one can be withdrawn (abuse, a rectification), also with a
// reason. Each row shows who reported (never shown to other advertisers) and the other alerts on the same number.
// The number itself is not kept, so it is not here either.
import { useMemo, useState, type FormEvent } from 'react';
import StatusSelect from './status-select.tsx';
import ReasonField from './reason-field.tsx';
import { ApiError, postData, serverMessage } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { usePanelAction } from './use-panel-action.ts';
import { exportDateTime, formatDateTime } from './labels.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import { formatAlertDate, safetyAlertKindLabel, SAFETY_ALERT_STATUS_LABELS, type SafetyAlertStatus } from '#shared/safety-alerts.ts';

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

  // A number someone asked about (a rectification, an abuse): every alert on it, in any state.
  const [searchPhone, setSearchPhone] = useState('');
  const [searched, setSearched] = useState<SafetyAlertReview[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const searchNumber = async () => {
    try {
      setSearched(await postData<SafetyAlertReview[]>('safety-alerts/by-number', { phone: searchPhone }));
      setSearchError(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) props.onUnauthorized();
      setSearched(null);
      setSearchError(serverMessage(err) ?? 'No se pudo buscar el número.');
    }
  };
  async function submitSearch(event: FormEvent) {
    event.preventDefault();
    if (searching) return;
    setSearching(true);
    await searchNumber();
    setSearching(false);
  }

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
      () => Promise.all([reload(), onChanged(), searched ? searchNumber() : null]),
    );
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
      <form className="panel__filters" onSubmit={submitSearch} noValidate>
        <div className="field">
          <label htmlFor="safety-alerts-phone">Buscar un número</label>
          <input
            id="safety-alerts-phone"
            type="text"
            inputMode="tel"
            autoComplete="off"
            maxLength={300}
            value={searchPhone}
            onChange={(e) => setSearchPhone(e.target.value)}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? 'safety-alerts-phone-error' : undefined}
          />
          {searchError && (
            <p id="safety-alerts-phone-error" className="panel__error">
              {searchError}
            </p>
          )}
        </div>
        <div className="panel__row-actions">
          <button type="submit" className="btn btn-outline" disabled={searching}>
            Buscar
          </button>
          {searched && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setSearched(null);
                setSearchPhone('');
              }}
            >
              Volver a la lista
            </button>
          )}
        </div>
      </form>
      {searched ? (
        <>
          <h2>Alertas de ese número</h2>
          <p aria-live="polite" className="panel__count">
            {searched.length === 0
              ? 'Ese número no tiene alertas en los últimos 12 meses.'
              : searched.length === 1
                ? '1 alerta'
                : `${searched.length} alertas`}
          </p>
          {searched.length > 0 && table(searched, 'Alertas del número buscado')}
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
              {alerts.length === 1 ? '1 alerta' : `${alerts.length} alertas`}
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

/** The alerts with who reported each and the number's other alerts; a pending one can be decided, an approved one withdrawn. */
function AlertsTable(props: {
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
