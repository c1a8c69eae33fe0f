// Denuncias' table: for each report when it came and how long it has waited, the ad reported (or what was kept of
// it), the reason with the details and the advertiser's answers, and the actions; the steps to the authorities below
// it for a possible minor or trafficking.
import type { ReportItem } from '#shared/contracts/staff/reports.ts';
import { reportAge, reportReasonLabel } from '#shared/report-reasons.ts';
import { formatDateTime } from './labels.ts';
import EscalationSteps, { ESCALATED_REASONS } from './escalation-steps.tsx';
import type { PanelColumns } from './panel-table.tsx';

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

interface ReportActionsProps {
  /** The report an action is running on. */
  busyId: number | null;
  /** The report whose 'Liberar la preservación' was asked, waiting for its confirmation. */
  releasingId: number | null;
  onDecide: (report: ReportItem, action: 'resolve' | 'dismiss') => void;
  onPreservation: (report: ReportItem, action: 'preserve' | 'release') => void;
  onReleasing: (report: ReportItem | null) => void;
}

/** Denuncias' columns: when it came and how long it has waited, the ad, the reason, the actions. */
export function reportColumns(actions: ReportActionsProps): PanelColumns<ReportItem> {
  return [
    {
      header: 'Fecha',
      cell: (r) => (
        <>
          <span className="panel-table__nowrap">{formatDateTime(r.createdAt)}</span>
          {r.status === 'open' && <span className="panel__block">{reportAge(r.waitingMs)}</span>}
          {r.overdue && <span className="panel__flag panel__flag--block">Demorada</span>}
          {r.escalatedAt && <span className="panel__muted panel__block">Avisada al equipo {formatDateTime(r.escalatedAt)}</span>}
        </>
      ),
    },
    { header: 'Aviso', rowHeader: true, wide: true, cell: (r) => <ReportedAd report={r} /> },
    { header: 'Motivo y detalles', wide: true, cell: (r) => <ReportReason report={r} /> },
    { header: 'Acciones', actions: true, cell: (r) => <ReportActions report={r} {...actions} /> },
  ];
}

/** Under a report of a possible minor or of trafficking: the steps to take it to the authorities. */
export function reportSteps(r: ReportItem) {
  return ESCALATED_REASONS.includes(r.reason) ? <EscalationSteps reportId={r.id} reason={r.reason} /> : null;
}

/** The ad reported: its title, code and state, or what the report kept of an ad since deleted (with its photos). */
function ReportedAd({ report: r }: { report: ReportItem }) {
  return (
    <>
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
              <img src={src} alt={`Foto ${i + 1} denunciada de «${r.snapshot!.title}»`} width={64} height={64} loading="lazy" />
            </a>
          ))}
        </span>
      )}
    </>
  );
}

function ReportReason({ report: r }: { report: ReportItem }) {
  return (
    <>
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
    </>
  );
}

/** Resolve or dismiss an open report; preserve it for the authorities, download what was preserved, or release it. */
function ReportActions({
  report: r,
  busyId,
  releasingId,
  onDecide,
  onPreservation,
  onReleasing,
}: ReportActionsProps & { report: ReportItem }) {
  const busy = busyId === r.id;
  return (
    <>
      <span className="panel__row-actions">
        {r.status === 'open' && (
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onDecide(r, 'resolve')}>
              Resolver<span className="visually-hidden"> la denuncia {r.id}</span>
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onDecide(r, 'dismiss')}>
              Desestimar<span className="visually-hidden"> la denuncia {r.id}</span>
            </button>
          </>
        )}
        {!r.preservedAt && (r.adId || r.snapshot) && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onPreservation(r, 'preserve')}>
            Preservar para las autoridades<span className="visually-hidden"> (denuncia {r.id})</span>
          </button>
        )}
      </span>
      {r.preservedAt && (
        <span className="panel__block">
          <strong>Preservada</strong> el {formatDateTime(r.preservedAt)}: se conserva aunque se borre el anuncio o la cuenta.
          <span className="panel__row-actions panel__block">
            <a className="btn btn-outline" href={`/api/admin/reports/${r.id}/preserved`} download>
              Descargar lo preservado<span className="visually-hidden"> (denuncia {r.id})</span>
            </a>
            {releasingId === r.id ? (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onPreservation(r, 'release')}>
                  Sí, liberar<span className="visually-hidden"> la denuncia {r.id}</span>
                </button>
                <button type="button" className="btn btn-outline" onClick={() => onReleasing(null)}>
                  No
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onReleasing(r)}>
                Liberar la preservación<span className="visually-hidden"> (denuncia {r.id})</span>
              </button>
            )}
          </span>
        </span>
      )}
    </>
  );
}
