// Denuncias (permission 'view reports'): reports of ads by visitors, oldest open first, each with its age; a
// report of a possible minor or of trafficking waiting over 24 hours is marked "Demorada". 'Resolver' keeps a hidden
// ad hidden (remove it from Anuncios); 'Desestimar' brings it back once no report of a minor or of trafficking
// is left open. The advertiser's answers show with the report, and so do the steps to take a possible crime to the
// authorities; 'Preservar para las autoridades' keeps the report, the ad and its photos beyond any deletion until
// released (decision 044). Loads when opened, on a new filter and on 'Actualizar'.
import { useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { useExportList } from './panel-export.ts';
import { exportDateTime } from './labels.ts';
import type { ReportItem } from '#shared/contracts/staff/reports.ts';
import { reportReasonLabel } from '#shared/report-reasons.ts';
import { usePanelAction } from './use-panel-action.ts';
import PanelTable from './panel-table.tsx';
import { reportColumns, reportSteps } from './report-columns.tsx';

const STATUSES: [ReportItem['status'], string][] = [
  ['open', 'Abiertas'],
  ['resolved', 'Resueltas'],
  ['dismissed', 'Desestimadas'],
];
/** 'Exportar': the reports listed. */
function useReportsExport(reports: ReportItem[] | null) {
  useExportList(
    useMemo(
      () =>
        reports && {
          name: 'denuncias',
          columns: ['Fecha', 'Aviso', 'Código', 'Motivo', 'Detalles', 'Email de contacto', 'Estado', 'Demorada', 'Preservada'],
          rows: reports.map((r) => [
            exportDateTime(r.createdAt),
            r.adTitle ?? r.snapshot?.title ?? r.adReference,
            r.adId ?? r.snapshot?.adId,
            reportReasonLabel(r.reason),
            r.details,
            r.contactEmail,
            STATUSES.find(([s]) => s === r.status)?.[1],
            r.overdue ? 'Sí' : 'No',
            r.preservedAt ? exportDateTime(r.preservedAt) : '',
          ]),
        },
      [reports],
    ),
  );
}

/** Deciding a report, and preserving it for the authorities or releasing it (asked for once more first). */
function useReportActions(reload: () => Promise<unknown>, onChanged: () => Promise<unknown>) {
  const [releasing, setReleasing] = useState<number | null>(null);
  const rowAction = usePanelAction();
  const decide = (report: ReportItem, action: 'resolve' | 'dismiss') =>
    rowAction.run(
      report.id,
      () => postData(`reports/${report.id}/${action}`),
      {
        success: { title: action === 'resolve' ? 'Denuncia resuelta' : 'Denuncia desestimada', description: report.adTitle ?? undefined },
        failure: action === 'resolve' ? 'No se pudo resolver la denuncia' : 'No se pudo desestimar la denuncia',
      },
      () => Promise.all([reload(), onChanged()]),
    );

  const preservation = (report: ReportItem, action: 'preserve' | 'release') =>
    rowAction.run(
      report.id,
      () => postData(`reports/${report.id}/${action}`),
      {
        success: { title: action === 'preserve' ? 'Denuncia preservada para las autoridades' : 'Preservación liberada' },
        failure: action === 'preserve' ? 'No se pudo preservar la denuncia' : 'No se pudo liberar la preservación',
      },
      async () => {
        setReleasing(null);
        await reload();
      },
    );
  return { busyId: rowAction.busyId, releasing, setReleasing, decide, preservation };
}

/** onUnauthorized and onChanged must be stable. */
export default function ReportsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [status, setStatus] = useState<ReportItem['status']>('open');
  const {
    items: reports,
    error,
    reload,
  } = usePanelList<ReportItem>(`reports?status=${status}`, props.reloadToken, props.onUnauthorized, 'No se pudieron cargar las denuncias.');

  useReportsExport(reports);

  const { busyId, releasing, setReleasing, decide, preservation } = useReportActions(reload, props.onChanged);

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Denuncias
      </h1>
      <div className="panel__filters">
        <StatusSelect id="reports-status" value={status} options={STATUSES} onChange={setStatus} />
      </div>
      {error && <p role="alert">{error}</p>}
      {!reports && !error && <p aria-live="polite">Cargando…</p>}
      {reports && (
        <p aria-live="polite" className="panel__count">
          {reports.length === 1 ? '1 denuncia' : `${reports.length} denuncias`}
        </p>
      )}
      {reports?.length === 0 && <p>No hay denuncias en este estado.</p>}
      {reports && reports.length > 0 && (
        <PanelTable
          label="Tabla de denuncias"
          caption="Denuncias"
          columns={reportColumns({
            busyId,
            releasingId: releasing,
            onDecide: (r, action) => void decide(r, action),
            onPreservation: (r, action) => void preservation(r, action),
            onReleasing: (r) => setReleasing(r?.id ?? null),
          })}
          rows={reports}
          rowKey={(r) => r.id}
          below={reportSteps}
        />
      )}
    </section>
  );
}
