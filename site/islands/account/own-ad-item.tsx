// One ad in 'Mis anuncios': its state, why staff refused it, when it ends, "Disponible ahora" while it is published,
// and what the advertiser can do with it now.
import { categoryLabel, formatLongDate } from '#shared/format.ts';
import { planLabel } from '#shared/plans.ts';
import type { OwnAd } from '#shared/contracts/advertiser/own-ads.ts';
import { formatShortDate, PHOTO_VERIFIABLE_STATES, photosVerifiedUntil, verifiedAgoText } from '#shared/photo-verification.ts';
import { usualWaitText } from '#shared/contracts/public/service-times.ts';
import type { AdAvailability } from '#shared/available-now.ts';
import AvailableNow from './available-now.tsx';

const STATES: Record<string, string> = {
  draft: 'Borrador',
  pending: 'En revisión',
  published: 'Publicado',
  held: 'Oculto por una denuncia en revisión',
  expired: 'Vencido',
  paused: 'Pausado',
  rejected: 'Rechazado',
  removed: 'Dado de baja',
};

export type OwnAdAction = 'pause' | 'resume' | 'renew' | 'delete';

interface OwnAdItemProps {
  ad: OwnAd;
  /** Where the ad stands in "Disponible ahora", when it was published as the page was made. */
  availability: AdAvailability | undefined;
  /** The median wait for an ad review over the last 7 days, shown while the ad is in review; null: no figure. */
  reviewWait: number | null;
  busy: boolean;
  /** 'Eliminar' asked, waiting for its confirmation. */
  confirming: boolean;
  notice: { text: string; error?: boolean } | null;
  onAct: (action: OwnAdAction) => void;
  onConfirm: (asking: boolean) => void;
}

export default function OwnAdItem({ ad, availability, reviewWait, busy, confirming, notice, onAct, onConfirm }: OwnAdItemProps) {
  const endsAt = ad.expiresAt ? new Date(ad.expiresAt).getTime() : null;
  return (
    <li className={ad.cover ? 'account-ads__item has-cover' : 'account-ads__item'}>
      {ad.cover && <img className="account-ads__cover" src={ad.cover} alt="" width={64} height={80} loading="lazy" decoding="async" />}
      <strong>{ad.title}</strong>
      <span className="account-ads__meta">
        {categoryLabel(ad.category)} · Plan {planLabel(ad.plan)}
        {ad.planExpiresAt && ` hasta el ${formatLongDate(ad.planExpiresAt)}`} ·{' '}
        <span className="ad-state">{STATES[ad.state] ?? ad.state}</span>
        {endsAt && ['published', 'paused'].includes(ad.state) && ` · publicado hasta el ${formatLongDate(endsAt)}`}
        {ad.photosVerified && <PhotosBadge since={ad.photosVerifiedAt} />}
      </span>
      {ad.state === 'pending' && <span className="form-hint usual-wait">{usualWaitText(reviewWait)}</span>}
      {ad.state === 'published' && availability && <AvailableNow adId={ad.id} title={ad.title} availability={availability} />}
      {ad.stateReason && ['rejected', 'removed'].includes(ad.state) && <span className="account-reason">Motivo: {ad.stateReason}</span>}
      <OwnAdActions ad={ad} busy={busy} confirming={confirming} onAct={onAct} onConfirm={onConfirm} />
      {notice && (
        <span className={notice.error ? 'form-error' : 'form-hint'} role="status">
          {notice.text}
        </span>
      )}
    </li>
  );
}

/** " · Fotos reales, verificadas hace 3 días (hasta el 28/02/2027)": the badge's age and when it ends (decision 067). */
function PhotosBadge({ since }: { since: string | null }) {
  if (!since) return <> · Fotos reales</>;
  return (
    <>
      {' '}
      · Fotos reales, {verifiedAgoText(since, new Date())} (hasta el {formatShortDate(photosVerifiedUntil(since))})
    </>
  );
}

type ActionsProps = Pick<OwnAdItemProps, 'ad' | 'busy' | 'confirming' | 'onAct' | 'onConfirm'>;

/** See it, edit, statistics, photos, a plan, pause or resume, renew, delete (asked twice): what its state allows. */
function OwnAdActions({ ad, busy, confirming, onAct, onConfirm }: ActionsProps) {
  return (
    <span className="form-actions">
      {ad.publicPath && (
        <a className="btn btn-outline" href={ad.publicPath}>
          Ver mi anuncio<span className="visually-hidden"> «{ad.title}»</span>
        </a>
      )}
      {ad.state === 'held' && (
        <a className="btn btn-primary" href={`/mi-cuenta/anuncios/${ad.id}/revision`}>
          Ver la revisión y responder<span className="visually-hidden"> sobre «{ad.title}»</span>
        </a>
      )}
      {!['removed', 'held'].includes(ad.state) && (
        <a className="btn btn-outline" href={`/mi-cuenta/anuncios/${ad.id}`}>
          Editar<span className="visually-hidden"> «{ad.title}»</span>
        </a>
      )}
      {ad.state !== 'draft' && (
        <a className="btn btn-outline" href={`/mi-cuenta/anuncios/${ad.id}/estadisticas`}>
          Estadísticas<span className="visually-hidden"> de «{ad.title}»</span>
        </a>
      )}
      {(PHOTO_VERIFIABLE_STATES as readonly string[]).includes(ad.state) && (
        <a className="btn btn-outline" href={`/mi-cuenta/anuncios/${ad.id}/verificar-fotos`}>
          Verificar fotos<span className="visually-hidden"> de «{ad.title}»</span>
        </a>
      )}
      {ad.state === 'published' && ad.plan !== 'vip' && (
        <a
          className="btn btn-primary"
          href={`/mi-cuenta/comprar-plan?anuncio=${ad.id}&plan=${ad.plan === 'premium' || ad.requestedPlan === 'vip' ? 'vip' : 'premium'}`}
        >
          Destacar<span className="visually-hidden"> «{ad.title}»</span>
        </a>
      )}
      {ad.state === 'published' && ad.plan === 'vip' && (
        <a className="btn btn-outline" href={`/mi-cuenta/comprar-plan?anuncio=${ad.id}&plan=vip`}>
          Renovar VIP<span className="visually-hidden"> «{ad.title}»</span>
        </a>
      )}
      {ad.state === 'published' && (
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onAct('pause')}>
          Pausar<span className="visually-hidden"> «{ad.title}»</span>
        </button>
      )}
      {ad.state === 'paused' && (
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onAct('resume')}>
          Reanudar<span className="visually-hidden"> «{ad.title}»</span>
        </button>
      )}
      {ad.renewable && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onAct('renew')}>
          Renovar<span className="visually-hidden"> «{ad.title}»</span>
        </button>
      )}
      {confirming ? (
        <>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onAct('delete')}>
            Sí, eliminar<span className="visually-hidden"> «{ad.title}»</span>
          </button>
          <button type="button" className="btn btn-outline" onClick={() => onConfirm(false)}>
            No
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onConfirm(true)}>
          Eliminar<span className="visually-hidden"> «{ad.title}»</span>
        </button>
      )}
    </span>
  );
}
