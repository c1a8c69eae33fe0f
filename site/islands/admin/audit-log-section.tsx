// Registro de actividad (super admin): every staff action and login attempt, newest first, filtered on the
// server by action, user and Buenos Aires dates. It loads when opened, on 'Filtrar' and on 'Actualizar'.
import { useMemo, useState, type FormEvent } from 'react';
import { usePanelList } from './use-panel-list.ts';
import { useExportList } from './panel-export.ts';
import PanelTable, { type PanelColumn } from './panel-table.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { AuditLogItem as AuditLogEntry } from '#shared/contracts/staff/overview.ts';
import { AUDIT_ACTION_LABELS, auditActionLabel, auditTargetLabel } from '#shared/audit-actions.ts';

interface Filters {
  action: string;
  username: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { action: '', username: '', from: '', to: '' };

const target = (e: AuditLogEntry) => (e.targetType ? `${auditTargetLabel(e.targetType)} #${e.targetId}` : '');
const details = (e: AuditLogEntry) => (e.details ? JSON.stringify(e.details) : '');

/** 'Exportar': the entries listed. */
function useAuditLogExport(entries: AuditLogEntry[] | null) {
  useExportList(
    useMemo(
      () =>
        entries && {
          name: 'registro-de-actividad',
          columns: ['Fecha', 'Usuario', 'Acción', 'Objeto', 'Detalle', 'IP'],
          rows: entries.map((e) => [exportDateTime(e.createdAt), e.username, auditActionLabel(e.action), target(e), details(e), e.ip]),
        },
      [entries],
    ),
  );
}

/** The filters as typed; 'Filtrar' applies them, 'Limpiar' clears and applies. */
function AuditFilters({ onApply }: { onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft });
  }
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  return (
    <form className="panel__filters" onSubmit={submit} aria-label="Filtros del registro">
      <div className="field">
        <label htmlFor="audit-action">Acción</label>
        <select id="audit-action" {...field('action')}>
          <option value="">Todas</option>
          {Object.entries(AUDIT_ACTION_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-username">Usuario</label>
        <input id="audit-username" maxLength={64} autoComplete="off" {...field('username')} />
      </div>
      <div className="field">
        <label htmlFor="audit-from">Desde</label>
        <input id="audit-from" type="date" {...field('from')} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">Hasta</label>
        <input id="audit-to" type="date" {...field('to')} />
      </div>
      <div className="panel__form-actions panel__filters-actions">
        <button type="submit" className="btn btn-primary">
          Filtrar
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}

const AUDIT_COLUMNS: PanelColumn<AuditLogEntry>[] = [
  { header: 'Fecha', cell: (e) => formatDateTime(e.createdAt), nowrap: true },
  { header: 'Usuario', cell: (e) => e.username ?? '—', breakAnywhere: true },
  { header: 'Acción', cell: (e) => auditActionLabel(e.action), rowHeader: true },
  { header: 'Objeto', cell: (e) => target(e) },
  { header: 'Detalle', cell: (e) => details(e), wide: true, breakAnywhere: true, className: 'panel__mono' },
  { header: 'IP', cell: (e) => e.ip ?? '', breakAnywhere: true },
];

function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <PanelTable
      label="Tabla del registro de actividad"
      caption="Registro de actividad"
      columns={AUDIT_COLUMNS}
      rows={entries}
      rowKey={(e) => e.id}
    />
  );
}

/** onUnauthorized must be stable. */
export default function AuditLogSection(props: { reloadToken: number; onUnauthorized: () => void }) {
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const query = new URLSearchParams(Object.entries(applied).filter(([, v]) => v.trim() !== ''));
  query.set('limit', '200');
  const { items: entries, error } = usePanelList<AuditLogEntry>(
    `audit-log?${query}`,
    props.reloadToken,
    props.onUnauthorized,
    'No se pudo cargar el registro.',
  );

  useAuditLogExport(entries);

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Registro de actividad
      </h1>
      <AuditFilters onApply={setApplied} />
      {error && <p role="alert">{error}</p>}
      {!entries && !error && <p aria-live="polite">Cargando…</p>}
      {entries && (
        <>
          <p aria-live="polite" className="panel__count">
            {entries.length === 1 ? '1 registro' : `${entries.length} registros`}
            {entries.length === 200 && ' (los 200 más recientes)'}
          </p>
          {entries.length === 0 ? <p>No hay registros que coincidan.</p> : <AuditTable entries={entries} />}
        </>
      )}
    </section>
  );
}
