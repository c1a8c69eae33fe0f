// 'Mis anuncios' in the account: each ad with its state, why staff refused it, when it ends, and what the
// advertiser can do with it now (pause, resume, renew, delete, verify its photos; "Disponible ahora" while it is
// published).
import { useState } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { categoryLabel, formatLongDate } from '#shared/format.ts';
import { planLabel } from '#shared/plans.ts';
import type { OwnAd } from '#shared/contracts/advertiser/own-ads.ts';
import { PHOTO_VERIFIABLE_STATES } from '#shared/photo-verification.ts';
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
const DONE = { pause: 'Pausaste el anuncio.', resume: 'El anuncio está publicado de nuevo.', renew: 'Renovaste el anuncio por 30 días.' };

/** `availability`: where each ad published when the page was made stands now, by id (one resumed later: after a reload). */
export default function MyAds(props: { ads: OwnAd[]; availability: Record<number, AdAvailability> }) {
  const [ads, setAds] = useState(props.ads);
  const [notice, setNotice] = useState<{ id: number; text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  async function act(ad: OwnAd, action: 'pause' | 'resume' | 'renew' | 'delete') {
    setBusy(ad.id);
    try {
      if (action === 'delete') {
        await callApi('DELETE', `/api/advertiser/ads/${ad.id}`);
        setAds((list) => list.filter((a) => a.id !== ad.id));
        setNotice({ id: 0, text: `Eliminaste «${ad.title}».` });
      } else {
        const updated = await callApi<OwnAd>('POST', `/api/advertiser/ads/${ad.id}/${action}`);
        if (updated) setAds((list) => list.map((a) => (a.id === ad.id ? updated : a)));
        setNotice({ id: ad.id, text: DONE[action] });
      }
    } catch (err) {
      setNotice({ id: ad.id, text: err instanceof Error ? err.message : 'No se pudo completar la acción.', error: true });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  return (
    <>
      {notice?.id === 0 && (
        <p className="form-success" role="status">
          {notice.text}
        </p>
      )}
      {ads.length === 0 ? (
        <p>Todavía no publicaste ningún anuncio.</p>
      ) : (
        <ul className="account-ads">
          {ads.map((ad) => {
            const endsAt = ad.expiresAt ? new Date(ad.expiresAt).getTime() : null;
            return (
              <li key={ad.id}>
                <strong>{ad.title}</strong>
                <span className="account-ads__meta">
                  {categoryLabel(ad.category)} · Plan {planLabel(ad.plan)}
                  {ad.planExpiresAt && ` hasta el ${formatLongDate(ad.planExpiresAt)}`} ·{' '}
                  <span className="ad-state">{STATES[ad.state] ?? ad.state}</span>
                  {endsAt && ['published', 'paused'].includes(ad.state) && ` · publicado hasta el ${formatLongDate(endsAt)}`}
                  {ad.photosVerified && ' · Fotos reales'}
                </span>
                {ad.state === 'published' && props.availability[ad.id] && (
                  <AvailableNow adId={ad.id} title={ad.title} availability={props.availability[ad.id]} />
                )}
                {ad.stateReason && ['rejected', 'removed'].includes(ad.state) && (
                  <span className="account-reason">Motivo: {ad.stateReason}</span>
                )}
                <span className="form-actions">
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
                    <button type="button" className="btn btn-outline" disabled={busy === ad.id} onClick={() => void act(ad, 'pause')}>
                      Pausar<span className="visually-hidden"> «{ad.title}»</span>
                    </button>
                  )}
                  {ad.state === 'paused' && (
                    <button type="button" className="btn btn-outline" disabled={busy === ad.id} onClick={() => void act(ad, 'resume')}>
                      Reanudar<span className="visually-hidden"> «{ad.title}»</span>
                    </button>
                  )}
                  {ad.renewable && (
                    <button type="button" className="btn btn-primary" disabled={busy === ad.id} onClick={() => void act(ad, 'renew')}>
                      Renovar<span className="visually-hidden"> «{ad.title}»</span>
                    </button>
                  )}
                  {confirming === ad.id ? (
                    <>
                      <button type="button" className="btn btn-primary" disabled={busy === ad.id} onClick={() => void act(ad, 'delete')}>
                        Sí, eliminar<span className="visually-hidden"> «{ad.title}»</span>
                      </button>
                      <button type="button" className="btn btn-outline" onClick={() => setConfirming(null)}>
                        No
                      </button>
                    </>
                  ) : (
                    <button type="button" className="btn btn-outline" disabled={busy === ad.id} onClick={() => setConfirming(ad.id)}>
                      Eliminar<span className="visually-hidden"> «{ad.title}»</span>
                    </button>
                  )}
                </span>
                {notice?.id === ad.id && (
                  <span className={notice.error ? 'form-error' : 'form-hint'} role="status">
                    {notice.text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
