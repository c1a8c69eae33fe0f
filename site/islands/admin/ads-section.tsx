// Anuncios (permission 'manage ads'): the moderation queue and the decided ads, with what screening flagged (the
// indicators with the ad's score, and the photos or phone number shared with other accounts' ads, side by side) and
// the photos; approve (once the advertiser is verified; a flagged ad after confirming its reasons were read), reject
// or remove with a reason and a category the advertiser sees. Loads when opened, on a new filter and on 'Actualizar'.
import { DEFAULT_REFUSAL_CATEGORY, REFUSAL_CATEGORIES, type RefusalCategory } from '#shared/refusal-categories.ts';
import StatusSelect from './status-select.tsx';
import ReasonField from './reason-field.tsx';
import { useMemo, useState, type FormEvent } from 'react';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { barrioName, categoryLabel, formatMoney } from '#shared/format.ts';
import { rateTable, ratesSummary } from '#shared/rates.ts';
import { flagLabel } from '#shared/review-flags.ts';
import { adPath } from '#shared/ad-text.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import AdStatsDialog from './ad-stats-dialog.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { DuplicateMatch, ModerationItem, ModerationState } from '#shared/contracts/staff/moderation.ts';
import { usePanelAction } from './use-panel-action.ts';

const STATES: [ModerationState, string][] = [
  ['pending', 'En revisión'],
  ['held', 'Ocultos por denuncia'],
  ['published', 'Publicados'],
  ['rejected', 'Rechazados'],
  ['removed', 'Dados de baja'],
];
const VERIFICATION = {
  verified: 'Identidad verificada',
  pending: 'Verificación pendiente',
  rejected: 'Verificación rechazada',
  unverified: 'Sin verificar',
} as Record<string, string>;
/** Every state an ad matched by another can be in. */
const AD_STATE_LABELS: Record<string, string> = {
  draft: 'Borrador',
  pending: 'En revisión',
  published: 'Publicado',
  held: 'Oculto por denuncia',
  expired: 'Vencido',
  paused: 'Pausado',
  rejected: 'Rechazado',
  removed: 'Dado de baja',
};
type Refusal = { ad: ModerationItem; action: 'reject' | 'remove' };
const isDuplicate = (kind: string) => kind === 'foto_duplicada' || kind === 'telefono_duplicado';
/** The reasons as staff read them: "Teléfono oculto: «once cinco…»". */
const reasonText = (f: { kind: string; match: string }) => `${flagLabel(f)}: «${f.match}»`;
const TOASTS = {
  approve: ['Anuncio aprobado', 'No se pudo aprobar el anuncio'],
  reject: ['Anuncio rechazado', 'No se pudo rechazar el anuncio'],
  remove: ['Anuncio dado de baja', 'No se pudo dar de baja el anuncio'],
} as const;

/** Why an ad waiting for review cannot be approved yet (the server refuses the same), or null. */
function approvalBlocked(ad: ModerationItem): string | null {
  if (ad.openReports.some((r) => r.hides)) return 'Se puede aprobar cuando se decida la denuncia abierta (en Denuncias).';
  if (ad.advertiserVerification !== 'verified') return 'Se puede aprobar cuando se apruebe la verificación del anunciante.';
  return null;
}

/** onUnauthorized and onChanged must be stable. */
export default function AdsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [state, setState] = useState<ModerationState>('pending');
  const rowAction = usePanelAction();
  const { busyId } = rowAction;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [statsOf, setStatsOf] = useState<ModerationItem | null>(null);
  const [confirming, setConfirming] = useState<ModerationItem | null>(null);
  const { onChanged } = props;
  const {
    items: ads,
    error,
    reload,
  } = usePanelList<ModerationItem>(`ads?state=${state}`, props.reloadToken, props.onUnauthorized, 'No se pudieron cargar los anuncios.');

  useExportList(
    useMemo(
      () =>
        ads && {
          name: 'anuncios',
          columns: [
            'Título',
            'Categoría',
            'Barrio',
            'Anunciante',
            'Verificación',
            'Estado',
            'Tarifas',
            'Alertas',
            'Denuncias abiertas',
            'Motivo',
            'Enviado',
          ],
          rows: ads.map((a) => [
            a.title,
            categoryLabel(a.category),
            barrioName(a.barrio),
            a.advertiserName,
            VERIFICATION[a.advertiserVerification] ?? a.advertiserVerification,
            STATES.find(([s]) => s === a.state)?.[1] ?? a.state,
            ratesSummary(a.rates, a.services),
            a.flags.length ? `Puntaje ${a.score}: ${a.flags.map(reasonText).join(' | ')}` : '',
            a.openReports.map((r) => r.label).join(' | '),
            a.stateReason,
            a.submittedAt ? exportDateTime(a.submittedAt) : '',
          ]),
        },
      [ads],
    ),
  );

  /** `flagsRead`: approval of a flagged ad, its reasons confirmed as read. */
  const act = (
    ad: ModerationItem,
    action: 'approve' | 'reject' | 'remove',
    refusal?: { reason: string; category: RefusalCategory },
    flagsRead = false,
  ) =>
    rowAction.run(
      ad.id,
      () => postData(`ads/${ad.id}/${action}${flagsRead ? '?flagsRead=true' : ''}`, refusal),
      { success: { title: TOASTS[action][0], description: ad.title }, failure: TOASTS[action][1] },
      () => Promise.all([reload(), onChanged()]),
    );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Anuncios
      </h1>
      <div className="panel__filters">
        <StatusSelect id="ads-state" value={state} options={STATES} onChange={setState} />
      </div>
      {error && <p role="alert">{error}</p>}
      {!ads && !error && <p aria-live="polite">Cargando…</p>}
      {ads && (
        <p aria-live="polite" className="panel__count">
          {ads.length === 1 ? '1 anuncio' : `${ads.length} anuncios`}
        </p>
      )}
      {ads?.length === 0 && <p>{state === 'pending' ? 'No hay anuncios esperando revisión.' : 'No hay anuncios en este estado.'}</p>}
      <ul className="panel__ads">
        {ads?.map((ad) => (
          <li key={ad.id} className="card panel__ad" aria-labelledby={`ad-${ad.id}-title`}>
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
                    disabled={busyId === ad.id || approvalBlocked(ad) !== null}
                    aria-describedby={approvalBlocked(ad) ? `ad-${ad.id}-blocked` : undefined}
                    onClick={() => (ad.flags.length > 0 ? setConfirming(ad) : void act(ad, 'approve'))}
                  >
                    Aprobar<span className="visually-hidden"> «{ad.title}»</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={busyId === ad.id}
                    onClick={() => setRefusal({ ad, action: 'reject' })}
                  >
                    Rechazar<span className="visually-hidden"> «{ad.title}»</span>
                  </button>
                  {approvalBlocked(ad) && (
                    <p id={`ad-${ad.id}-blocked`} className="panel__muted">
                      {approvalBlocked(ad)}
                    </p>
                  )}
                </>
              )}
              <button type="button" className="btn btn-outline" onClick={() => setStatsOf(ad)}>
                Estadísticas<span className="visually-hidden"> de «{ad.title}»</span>
              </button>
              {(ad.state === 'published' || ad.state === 'held') && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busyId === ad.id}
                  onClick={() => setRefusal({ ad, action: 'remove' })}
                >
                  Dar de baja<span className="visually-hidden"> «{ad.title}»</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <AdStatsDialog ad={statsOf} onClose={() => setStatsOf(null)} onUnauthorized={props.onUnauthorized} />
      <PanelDialog
        title={refusal?.action === 'remove' ? 'Dar de baja el anuncio' : 'Rechazar el anuncio'}
        open={refusal !== null}
        onClose={() => setRefusal(null)}
      >
        {refusal && (
          <ReasonForm
            refusal={refusal}
            onCancel={() => setRefusal(null)}
            onSubmit={async (reason, category) => (await act(refusal.ad, refusal.action, { reason, category })) && setRefusal(null)}
          />
        )}
      </PanelDialog>
      <PanelDialog title="Aprobar un anuncio con indicadores" open={confirming !== null} onClose={() => setConfirming(null)}>
        {confirming && (
          <ApproveFlaggedForm
            ad={confirming}
            onCancel={() => setConfirming(null)}
            onSubmit={async () => (await act(confirming, 'approve', undefined, true)) && setConfirming(null)}
          />
        )}
      </PanelDialog>
    </section>
  );
}

/**
 * What screening found: the indicators and word-list terms with the ad's score, then each match with another
 * account's ad, the two photos side by side (or the shared phone number) with the other ad's title, code, state and
 * advertiser.
 */
function ReviewReasons({ ad }: { ad: ModerationItem }) {
  if (!ad.flags.length) return null;
  const reasons = ad.flags.filter((f) => !isDuplicate(f.kind));
  const duplicateKinds = [...new Set(ad.flags.filter((f) => isDuplicate(f.kind)).map((f) => flagLabel(f)))];
  return (
    <div className="panel__review" aria-labelledby={`ad-${ad.id}-reasons`}>
      <p id={`ad-${ad.id}-reasons`} className="panel__review-score">
        Indicadores · puntaje {ad.score}
      </p>
      <ul className="panel__flags" aria-label="Alertas de la revisión automática">
        {reasons.map((f) => (
          <li key={`${f.kind}-${f.match}`} className="panel__flag">
            {reasonText(f)}
          </li>
        ))}
        {duplicateKinds.map((label) => (
          <li key={label} className="panel__flag">
            {label}
          </li>
        ))}
      </ul>
      {ad.matches.length > 0 && (
        <ul className="panel__matches" aria-label={`Coincidencias con anuncios de otras cuentas de «${ad.title}»`}>
          {ad.matches.map((m, i) => (
            <li key={i} className="panel__match">
              {m.kind === 'foto_duplicada' ? <PhotoMatch ad={ad} match={m} /> : <PhoneMatch match={m} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OtherAd({ match }: { match: DuplicateMatch }) {
  const other = match.otherAd;
  if (!other) return <span>un anuncio que ya fue eliminado</span>;
  const title = other.state === 'published' ? <a href={adPath(other)}>«{other.title}»</a> : <>«{other.title}»</>;
  return (
    <span>
      {title} (código {other.id}, {AD_STATE_LABELS[other.state] ?? other.state}) de {other.advertiserName}
    </span>
  );
}

function PhotoMatch({ ad, match }: { ad: ModerationItem; match: DuplicateMatch }) {
  const missing = <span className="panel__match-missing">Foto eliminada</span>;
  return (
    <>
      <p className="panel__match-title">
        {match.distance === 0 ? 'La misma foto' : 'Una foto casi igual'} en <OtherAd match={match} />
      </p>
      <div className="panel__match-photos">
        <figure>
          {match.photo ? <img src={match.photo} alt={`Este anuncio, ${match.match}`} width={160} height={160} loading="lazy" /> : missing}
          <figcaption>Este anuncio ({match.match})</figcaption>
        </figure>
        <figure>
          {match.otherPhoto ? (
            <img
              src={match.otherPhoto}
              alt={`La foto del otro anuncio${match.otherAd ? `, «${match.otherAd.title}»` : ''}`}
              width={160}
              height={160}
              loading="lazy"
            />
          ) : (
            missing
          )}
          <figcaption>Otra cuenta{match.otherAd ? ` (código ${match.otherAd.id})` : ''}</figcaption>
        </figure>
      </div>
      <span className="visually-hidden"> de «{ad.title}»</span>
    </>
  );
}

function PhoneMatch({ match }: { match: DuplicateMatch }) {
  return (
    <p className="panel__match-title">
      El teléfono {match.match} también está en <OtherAd match={match} />
    </p>
  );
}

/** Approving a flagged ad: its reasons once more, and a confirmation that they were read. */
function ApproveFlaggedForm(props: { ad: ModerationItem; onCancel: () => void; onSubmit: () => Promise<unknown> }) {
  const [read, setRead] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!read) {
      setError('Confirmá que leíste los indicadores para aprobar el anuncio.');
      document.getElementById('ad-flags-read')?.focus();
      return;
    }
    setBusy(true);
    await props.onSubmit();
    setBusy(false);
  }
  return (
    <form className="panel__form" onSubmit={submit} noValidate>
      <p>
        «{props.ad.title}» tiene puntaje {props.ad.score} en la revisión automática:
      </p>
      <ul>
        {props.ad.flags.map((f, i) => (
          <li key={i}>{reasonText(f)}</li>
        ))}
      </ul>
      <label className="panel__check">
        <input
          id="ad-flags-read"
          type="checkbox"
          checked={read}
          onChange={(e) => {
            setRead(e.target.checked);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ad-flags-read-error' : undefined}
        />
        Leí los indicadores y las coincidencias, y el anuncio se puede publicar
      </label>
      {error && (
        <p id="ad-flags-read-error" className="panel__error">
          {error}
        </p>
      )}
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Aprobar
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** The ad's rates as its page shows them: only the places and durations with an amount. */
function AdRates({ ad }: { ad: ModerationItem }) {
  const { durations, rows } = rateTable(ad.rates, ad.services);
  if (!rows.length) return <p className="panel__muted">Sin tarifas cargadas.</p>;
  return (
    <div className="panel__table-wrap" tabIndex={0} role="region" aria-label={`Tarifas de «${ad.title}»`}>
      <table className="panel__table panel__rates">
        <caption>
          Tarifas<span className="visually-hidden"> de «{ad.title}»</span>
        </caption>
        <thead>
          <tr>
            <td />
            {durations.map((d) => (
              <th key={d.value} scope="col" className="num">
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.place}>
              <th scope="row">{row.label}</th>
              {row.amounts.map((amount, i) => (
                <td key={durations[i]!.value} className="num">
                  {amount === null ? '—' : formatMoney(amount)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReasonForm(props: {
  refusal: Refusal;
  onCancel: () => void;
  onSubmit: (reason: string, category: RefusalCategory) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [category, setCategory] = useState<RefusalCategory>(DEFAULT_REFUSAL_CATEGORY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < 5) {
      setError('Escribí el motivo: el anunciante lo va a ver.');
      document.getElementById('ad-reason')?.focus();
      return;
    }
    setBusy(true);
    await props.onSubmit(reason.trim(), category);
    setBusy(false);
  }
  return (
    <form className="panel__form" onSubmit={submit} noValidate>
      <p>«{props.refusal.ad.title}»</p>
      <ReasonField
        id="ad-reason"
        label="Motivo (lo ve el anunciante)"
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <div className="field">
        <label htmlFor="ad-reason-category">Categoría (se cuenta en el informe de transparencia)</label>
        <select id="ad-reason-category" value={category} onChange={(e) => setCategory(e.target.value as RefusalCategory)}>
          {REFUSAL_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {props.refusal.action === 'remove' ? 'Dar de baja' : 'Rechazar'}
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
