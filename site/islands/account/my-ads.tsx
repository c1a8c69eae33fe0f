// 'Mis anuncios' in the account: each ad with its state, why staff refused it, when it ends, and what the
// advertiser can do with it now (pause, resume, renew, delete, verify its photos; "Disponible ahora" while it is
// published).
import { useState } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import type { OwnAd } from '#shared/contracts/advertiser/own-ads.ts';
import type { AdAvailability } from '#shared/available-now.ts';
import OwnAdItem, { type OwnAdAction } from './own-ad-item.tsx';

const DONE = { pause: 'Pausaste el anuncio.', resume: 'El anuncio está publicado de nuevo.', renew: 'Renovaste el anuncio por 30 días.' };

/**
 * `availability`: where each ad published when the page was made stands now, by id (one resumed later: after a reload).
 * `reviewWait`: the median wait for an ad review over the last 7 days (null: no figure), shown beside ads in review.
 */
export default function MyAds(props: { ads: OwnAd[]; availability: Record<number, AdAvailability>; reviewWait: number | null }) {
  const [ads, setAds] = useState(props.ads);
  const [notice, setNotice] = useState<{ id: number; text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  async function act(ad: OwnAd, action: OwnAdAction) {
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
          {ads.map((ad) => (
            <OwnAdItem
              key={ad.id}
              ad={ad}
              availability={props.availability[ad.id]}
              reviewWait={props.reviewWait}
              busy={busy === ad.id}
              confirming={confirming === ad.id}
              notice={notice?.id === ad.id ? notice : null}
              onAct={(action) => void act(ad, action)}
              onConfirm={(asking) => setConfirming(asking ? ad.id : null)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
