// One ad in Anuncios' list: what screening flagged, the open reports, the contact phone, schedule and advertiser's
// age, what the advertiser wrote, the rates and the photos, and the buttons that decide it.
import { Fragment } from 'react';
import { barrioName, categoryLabel, formatMoney } from '#shared/format.ts';
import { rateTable } from '#shared/rates.ts';
import { scheduleLabels } from '#shared/availability.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';
import ReviewReasons from './review-reasons.tsx';
import { formatDateTime } from './labels.ts';
import PanelTable, { type PanelColumns } from './panel-table.tsx';

export const VERIFICATION = {
  verified: 'Identidad verificada',
  pending: 'Verificación pendiente',
  rejected: 'Verificación rechazada',
  unverified: 'Sin verificar',
} as Record<string, string>;

/** Why an ad waiting for review cannot be approved yet (the server refuses the same), or null. */
function approvalBlocked(ad: ModerationItem): string | null {
  if (ad.openReports.some((r) => r.hides)) return 'Se puede aprobar cuando se decida la denuncia abierta (en Denuncias).';
  if (ad.advertiserVerification !== 'verified') return 'Se puede aprobar cuando se apruebe la verificación del anunciante.';
  return null;
}

interface ModerationAdProps {
  ad: ModerationItem;
  /** An action on this ad is running. */
  busy: boolean;
  onApprove: () => void;
  onRefuse: (action: 'reject' | 'remove') => void;
  onStats: () => void;
}

export default function ModerationAd({ ad, busy, onApprove, onRefuse, onStats }: ModerationAdProps) {
  return (
    <li className="card panel__ad" aria-labelledby={`ad-${ad.id}-title`}>
      <h2 id={`ad-${ad.id}-title`}>{ad.title}</h2>
      <p className="panel__muted">
        {categoryLabel(ad.category)} · {barrioName(ad.barrio)} · {ad.advertiserName} (
        {VERIFICATION[ad.advertiserVerification] ?? ad.advertiserVerification})
        {ad.submittedAt && ` · enviado ${formatDateTime(ad.submittedAt)}`}
      </p>
      <ReviewReasons ad={ad} />
      {ad.openReports.length > 0 && (
        <ul className="panel__flags" aria-label="Denuncias abiertas sobre este anuncio">
          {ad.openReports.map((r) => (
            <li key={r.id} className="panel__flag">
              Denuncia abierta: {r.label} ({formatDateTime(r.createdAt)})
            </li>
          ))}
        </ul>
      )}
      <AdFacts ad={ad} />
      <p className="panel__ad-text">{ad.description}</p>
      <AdRates ad={ad} />
      {ad.photos.length > 0 && (
        <div className="panel__ad-photos">
          {ad.photos.map((src, i) => (
            <img key={src} src={src} alt={`Foto ${i + 1} de «${ad.title}»`} width={120} height={120} loading="lazy" />
          ))}
        </div>
      )}
      {ad.stateReason && <p>Motivo: {ad.stateReason}</p>}
      <div className="panel__form-actions">
        {ad.state === 'pending' && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || approvalBlocked(ad) !== null}
              aria-describedby={approvalBlocked(ad) ? `ad-${ad.id}-blocked` : undefined}
              onClick={onApprove}
            >
              Aprobar<span className="visually-hidden"> «{ad.title}»</span>
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onRefuse('reject')}>
              Rechazar<span className="visually-hidden"> «{ad.title}»</span>
            </button>
            {approvalBlocked(ad) && (
              <p id={`ad-${ad.id}-blocked`} className="panel__muted">
                {approvalBlocked(ad)}
              </p>
            )}
          </>
        )}
        <button type="button" className="btn btn-outline" onClick={onStats}>
          Estadísticas<span className="visually-hidden"> de «{ad.title}»</span>
        </button>
        {(ad.state === 'published' || ad.state === 'held') && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onRefuse('remove')}>
            Dar de baja<span className="visually-hidden"> «{ad.title}»</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** What the ad page shows beside the text, for judging it: the contact phone, the advertiser's age and the schedule. */
function AdFacts({ ad }: { ad: ModerationItem }) {
  const schedule = scheduleLabels(ad.schedule);
  return (
    <dl className="panel__facts">
      <dt>Teléfono</dt>
      <dd>{ad.phone ?? 'No publica teléfono'}</dd>
      <dt>Edad</dt>
      <dd>
        {ad.age === null ? 'Sin dato: todavía no envió su verificación' : `${ad.age.years} años`}
        {ad.age && !ad.age.confirmed && <span className="panel__muted"> (declarada, sin verificar)</span>}
      </dd>
      <dt>Disponibilidad</dt>
      <dd>
        {schedule.length === 0
          ? 'A consultar'
          : schedule.map((label, i) => (
              <Fragment key={label}>
                {i > 0 && ' · '}
                <span className="panel__schedule-item">{label}</span>
              </Fragment>
            ))}
      </dd>
    </dl>
  );
}

/** The ad's rates as its page shows them: only the places and durations with an amount. */
function AdRates({ ad }: { ad: ModerationItem }) {
  const { durations, rows } = rateTable(ad.rates, ad.services);
  if (!rows.length) return <p className="panel__muted">Sin tarifas cargadas.</p>;
  const columns: PanelColumns<(typeof rows)[number]> = [
    { header: '', cell: (row) => row.label, rowHeader: true },
    ...durations.map((d, i) => ({
      header: d.label,
      numeric: true,
      cell: (row: (typeof rows)[number]) => (row.amounts[i] === null ? '—' : formatMoney(row.amounts[i]!)),
    })),
  ];
  return (
    <PanelTable
      label={`Tarifas de «${ad.title}»`}
      caption={
        <>
          Tarifas<span className="visually-hidden"> de «{ad.title}»</span>
        </>
      }
      showCaption
      className="panel__rates"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.place}
    />
  );
}
