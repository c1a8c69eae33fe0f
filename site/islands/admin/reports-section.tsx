// Denuncias (permission 'view reports'): reports of ads by visitors, oldest open first, each with its age; a
// report of a possible minor or of trafficking waiting over 24 hours is marked "Demorada". 'Resolver' keeps a hidden
// ad hidden (remove it from Anuncios); 'Desestimar' brings it back once no report of a minor or of trafficking
// is left open. The advertiser's answers show with the report, and so do the steps to take a possible crime to the
// authorities; 'Preservar para las autoridades' keeps the report, the ad and its photos beyond any deletion until
// released (decision 044). Loads when opened, on a new filter and on 'Actualizar'.
import { Fragment, useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { useExportList } from './panel-export.ts';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { ReportItem } from '#shared/contracts/staff/reports.ts';
import { reportAge, reportReasonLabel } from '#shared/report-reasons.ts';
import { usePanelAction } from './use-panel-action.ts';
import EscalationSteps, { ESCALATED_REASONS } from './escalation-steps.tsx';

const STATUSES: [ReportItem['status'], string][] = [
  ['open', 'Abiertas'],
  ['resolved', 'Resueltas'],
  ['dismissed', 'Desestimadas'],
];
const AD_STATE_LABELS: Record<string, string> = {
  held: 'oculto por denuncia',
  published: 'publicado',
  removed: 'dado de baja',
  pending: 'en revisión',
};
const WITHHELD: Record<string, string> = {
  dismissed_source: 'No ocultó el anuncio: a quien denunció ya le desestimaron varias denuncias de este tipo.',
  day_limit: 'No ocultó el anuncio: quien denunció ya ocultó el máximo de avisos del día.',
};

/** onUnauthorized and onChanged must be stable. */
export default function ReportsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [status, setStatus] = useState<ReportItem['status']>('open');
  const [releasing, setReleasing] = useState<number | null>(null);
  const rowAction = usePanelAction();
  const { busyId } = rowAction;
  const { onChanged } = props;
  const {
    items: reports,
    error,
    reload,
  } = usePanelList<ReportItem>(`reports?status=${status}`, props.reloadToken, props.onUnauthorized, 'No se pudieron cargar las denuncias.');

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
        <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de denuncias">
          <table className="panel__table">
            <caption className="visually-hidden">Denuncias</caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Aviso</th>
                <th scope="col">Motivo y detalles</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <Fragment key={r.id}>
                  <tr className={ESCALATED_REASONS.includes(r.reason) ? 'panel__row--with-steps' : undefined}>
                    <td>
                      {formatDateTime(r.createdAt)}
                      {r.status === 'open' && <span className="panel__block">{reportAge(r.waitingMs)}</span>}
                      {r.overdue && <span className="panel__flag panel__flag--block">Demorada</span>}
                      {r.escalatedAt && (
                        <span className="panel__muted panel__block">Avisada al equipo {formatDateTime(r.escalatedAt)}</span>
                      )}
                    </td>
                    <th scope="row" className="panel__wrap">
                      {r.adTitle ?? r.snapshot?.title ?? r.adReference ?? 'Sin aviso indicado'}
                      <span className="panel__muted panel__block">
                        {r.adId
                          ? `Código ${r.adId} · ${AD_STATE_LABELS[r.adState ?? ''] ?? r.adState}`
                          : r.snapshot
                            ? `Código ${r.snapshot.adId} · eliminado (se conserva lo denunciado)`
                            : 'No coincide con un aviso'}
                      </span>
                      {r.snapshot && (
                        <span className="panel__muted panel__block">
                          Anunciante: {r.snapshot.advertiserName} (n.º {r.snapshot.advertiserId})
                        </span>
                      )}
                      {r.snapshot && r.snapshot.photos.length > 0 && (
                        <span className="panel__ad-photos panel__evidence panel__block">
                          {r.snapshot.photos.map((src, i) => (
                            <a key={src} href={src} target="_blank" rel="noopener">
                              <img
                                src={src}
                                alt={`Foto ${i + 1} denunciada de «${r.snapshot!.title}»`}
                                width={64}
                                height={64}
                                loading="lazy"
                              />
                            </a>
                          ))}
                        </span>
                      )}
                    </th>
                    <td className="panel__wrap">
                      <strong>{reportReasonLabel(r.reason)}</strong>
                      {r.details && <span className="panel__block">{r.details}</span>}
                      {r.contactEmail && <span className="panel__muted panel__block">Contacto: {r.contactEmail}</span>}
                      {r.holdWithheld && <span className="panel__block">{WITHHELD[r.holdWithheld]}</span>}
                      {r.answers.length > 0 && (
                        <span className="panel__answers panel__block">
                          <strong className="panel__block">Respuesta del anunciante</strong>
                          {r.answers.map((a) => (
                            <span key={a.createdAt} className="panel__block">
                              <span className="panel__muted">{formatDateTime(a.createdAt)}:</span> {a.body}
                            </span>
                          ))}
                        </span>
                      )}
                    </td>
                    <td>
                      <span className="panel__row-actions">
                        {r.status === 'open' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busyId === r.id}
                              onClick={() => void decide(r, 'resolve')}
                            >
                              Resolver<span className="visually-hidden"> la denuncia {r.id}</span>
                            </button>
                            <button
                              type="button"
                              className="btn btn-outline"
                              disabled={busyId === r.id}
                              onClick={() => void decide(r, 'dismiss')}
                            >
                              Desestimar<span className="visually-hidden"> la denuncia {r.id}</span>
                            </button>
                          </>
                        )}
                        {!r.preservedAt && (r.adId || r.snapshot) && (
                          <button
                            type="button"
                            className="btn btn-outline"
                            disabled={busyId === r.id}
                            onClick={() => void preservation(r, 'preserve')}
                          >
                            Preservar para las autoridades<span className="visually-hidden"> (denuncia {r.id})</span>
                          </button>
                        )}
                      </span>
                      {r.preservedAt && (
                        <span className="panel__block">
                          <strong>Preservada</strong> el {formatDateTime(r.preservedAt)}: se conserva aunque se borre el anuncio o la
                          cuenta.
                          <span className="panel__row-actions panel__block">
                            <a className="btn btn-outline" href={`/api/admin/reports/${r.id}/preserved`} download>
                              Descargar lo preservado<span className="visually-hidden"> (denuncia {r.id})</span>
                            </a>
                            {releasing === r.id ? (
                              <>
                                <button
                                  type="button"
                                  className="btn btn-primary"
                                  disabled={busyId === r.id}
                                  onClick={() => void preservation(r, 'release')}
                                >
                                  Sí, liberar<span className="visually-hidden"> la denuncia {r.id}</span>
                                </button>
                                <button type="button" className="btn btn-outline" onClick={() => setReleasing(null)}>
                                  No
                                </button>
                              </>
                            ) : (
                              <button
                                type="button"
                                className="btn btn-outline"
                                disabled={busyId === r.id}
                                onClick={() => setReleasing(r.id)}
                              >
                                Liberar la preservación<span className="visually-hidden"> (denuncia {r.id})</span>
                              </button>
                            )}
                          </span>
                        </span>
                      )}
                    </td>
                  </tr>
                  {ESCALATED_REASONS.includes(r.reason) && (
                    <tr className="panel__steps-row">
                      <td colSpan={4}>
                        <EscalationSteps reportId={r.id} reason={r.reason} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
