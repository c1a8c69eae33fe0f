// Editing one's own ad from the account: the publish form filled with the ad as it is. Saving sends it back to
// review (staff approve every edit); a draft is sent for review as well.
import { useState } from 'react';
import AdForm from '#site/islands/publish/ad-form.tsx';
import { EMPTY_AD, rateTexts, type AdDraft } from '#site/islands/publish/ad-draft.ts';
import type { OwnAdEditor } from '#shared/contracts/advertiser/own-ads.ts';
import { formatPhoneLocal } from '#shared/phone.ts';

export default function EditAd(props: OwnAdEditor) {
  const { ad } = props;
  const [draft, setDraft] = useState<AdDraft>({
    ...EMPTY_AD,
    title: ad.title,
    category: ad.category,
    barrio: ad.barrio ?? '',
    description: ad.description,
    // Stored in international form; shown as the advertiser would write it, which reads back the same on saving.
    phone: ad.phone ? formatPhoneLocal(ad.phone) : '',
    rates: rateTexts(ad.rates),
    days: ad.days,
    slots: ad.slots,
    is24h: ad.is24h,
    openSchedule: ad.openSchedule,
    languages: ad.languages,
    services: ad.services,
    attention: ad.attention,
    plan: ad.requestedPlan,
    adId: ad.id,
  });
  const [saved, setSaved] = useState(false);

  if (saved) {
    return (
      <div className="form-success" role="status">
        <p>
          <strong>Guardamos los cambios.</strong> El anuncio vuelve a revisión: el equipo de Velada lo revisa antes de publicarlo de nuevo.
        </p>
        <a className="btn btn-primary" href="/mi-cuenta">
          Volver a mi cuenta
        </a>
      </div>
    );
  }
  return (
    <AdForm
      draft={draft}
      onDraft={setDraft}
      prices={props.prices}
      saved={props.photos}
      submitAfterSave={ad.state === 'draft'}
      submitLabel="Guardar y enviar a revisión"
      onPublished={() => setSaved(true)}
    />
  );
}
