// One report in Denuncias' table: when it came and how long it has waited, the ad reported (or what was kept of it),
// the reason with the details and the advertiser's answers, and the actions; the steps to the authorities below it
// for a possible minor or trafficking.
import type { ReportItem } from '#shared/contracts/staff/reports.ts';
import { reportAge, reportReasonLabel } from '#shared/report-reasons.ts';
import { formatDateTime } from './labels.ts';
import EscalationSteps, { ESCALATED_REASONS } from './escalation-steps.tsx';

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

interface ReportRowProps {
  report: ReportItem;
  /** An action on this report is running. */
  busy: boolean;
  /** 'Liberar la preservación' asked, waiting for its confirmation. */
  releasing: boolean;
  onDecide: (action: 'resolve' | 'dismiss') => void;
  onPreservation: (action: 'preserve' | 'release') => void;
  onReleasing: (asking: boolean) => void;
}

export default function ReportRow({ report: r, ...actions }: ReportRowProps) {
  return (
    <>
      <tr className={ESCALATED_REASONS.includes(r.reason) ? 'panel__row--with-steps' : undefined}>
        <td>
          {formatDateTime(r.createdAt)}
          {r.status === 'open' && <span className="panel__block">{reportAge(r.waitingMs)}</span>}
          {r.overdue && <span className="panel__flag panel__flag--block">Demorada</span>}
          {r.escalatedAt && <span className="panel__muted panel__block">Avisada al equipo {formatDateTime(r.escalatedAt)}</span>}
        </td>
        <ReportedAd report={r} />
        <ReportReason report={r} />
        <ReportActions report={r} {...actions} />
      </tr>
      {ESCALATED_REASONS.includes(r.reason) && (
        <tr className="panel__steps-row">
          <td colSpan={4}>
            <EscalationSteps reportId={r.id} reason={r.reason} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The ad reported: its title, code and state, or what the report kept of an ad since deleted (with its photos). */
function ReportedAd({ report: r }: { report: ReportItem }) {
  return (
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
              <img src={src} alt={`Foto ${i + 1} denunciada de «${r.snapshot!.title}»`} width={64} height={64} loading="lazy" />
            </a>
          ))}
        </span>
      )}
    </th>
  );
}

function ReportReason({ report: r }: { report: ReportItem }) {
  return (
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
  );
}

/** Resolve or dismiss an open report; preserve it for the authorities, download what was preserved, or release it. */
function ReportActions({ report: r, busy, releasing, onDecide, onPreservation, onReleasing }: ReportRowProps) {
  return (
    <td>
      <span className="panel__row-actions">
        {r.status === 'open' && (
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onDecide('resolve')}>
              Resolver<span className="visually-hidden"> la denuncia {r.id}</span>
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onDecide('dismiss')}>
              Desestimar<span className="visually-hidden"> la denuncia {r.id}</span>
            </button>
          </>
        )}
        {!r.preservedAt && (r.adId || r.snapshot) && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onPreservation('preserve')}>
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
            {releasing ? (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onPreservation('release')}>
                  Sí, liberar<span className="visually-hidden"> la denuncia {r.id}</span>
                </button>
                <button type="button" className="btn btn-outline" onClick={() => onReleasing(false)}>
                  No
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onReleasing(true)}>
                Liberar la preservación<span className="visually-hidden"> (denuncia {r.id})</span>
              </button>
            )}
          </span>
        </span>
      )}
    </td>
  );
}
