// The ad form, last step of the publish flow: every field of the ad with its rules (the same zod schema as the
// server), the photos and the plan. 'Publicar Anuncio' saves the ad, uploads the photos one by one and sends it
// for review (use-ad-publish.ts); a second click while that runs does nothing, and a retry reuses the ad already saved.
import { useState } from 'react';
import { ATTENTION_TYPES, DAY_GROUPS, LANGUAGES, PLANS, SERVICE_TYPES, TIME_SLOTS } from '#shared/catalogue.ts';
import { callApi } from '#site/lib/api-client.ts';
import type { AdDraft } from './ad-draft.ts';
import PhotoDropZone from './photo-drop-zone.tsx';
import RatesFieldset from './rates-fieldset.tsx';
import { useAdPublish } from './use-ad-publish.ts';
import AdTextFields from './ad-text-fields.tsx';
import { AvailabilityChecks, CheckGroup, PlanChoice } from './ad-choices.tsx';
import SavedPhotos, { type SavedPhoto } from './saved-photos.tsx';

/**
 * `saved` and `submitAfterSave` serve the edit page: photos already on the ad (removed at once when asked) and
 * whether saving must also send the ad for review (a draft); an edit of any other ad goes back to review by itself.
 */
export default function AdForm(props: {
  draft: AdDraft;
  onDraft: (draft: AdDraft) => void;
  prices: { premium: number; vip: number };
  onPublished: () => void;
  saved?: SavedPhoto[];
  submitAfterSave?: boolean;
  submitLabel?: string;
}) {
  const { draft } = props;
  const [saved, setSaved] = useState<SavedPhoto[]>(props.saved ?? []);
  const planLimit = PLANS.find((p) => p.value === draft.plan)?.images ?? 3;
  // Photos already on the ad count toward the plan's limit.
  const limit = Math.max(0, planLimit - saved.length);
  const { photos, setPhotos, errors, setErrors, problem, setProblem, busy, publish } = useAdPublish({ ...props, limit, planLimit });

  const set = (patch: Partial<AdDraft>) => props.onDraft({ ...draft, ...patch });

  async function removeSaved(photo: SavedPhoto) {
    try {
      await callApi('DELETE', `/api/advertiser/ads/${draft.adId}/photos/${photo.id}`);
      setSaved((list) => list.filter((p) => p.id !== photo.id));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'No se pudo quitar la foto.');
    }
  }

  return (
    <form onSubmit={publish} className="account-form ad-form" noValidate>
      <h2>Tu anuncio</h2>
      <p className="form-hint">Los campos con * son obligatorios. El equipo de Velada revisa cada anuncio antes de publicarlo.</p>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <fieldset disabled={busy} className="ad-form__fields">
        <AdTextFields
          draft={draft}
          errors={errors}
          onChange={(name, value) => {
            set({ [name]: value } as Partial<AdDraft>);
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
        <CheckGroup name="days" legend="Días" list={DAY_GROUPS} draft={draft} disabled={busy} onChange={set} />
        <CheckGroup name="slots" legend="Horarios" list={TIME_SLOTS} draft={draft} disabled={busy} onChange={set} />
        <AvailabilityChecks draft={draft} onChange={set} />
        <CheckGroup name="languages" legend="Idiomas" list={LANGUAGES} draft={draft} disabled={busy} onChange={set} />
        <CheckGroup name="services" legend="Servicios" list={SERVICE_TYPES} draft={draft} disabled={busy} onChange={set} />
        <RatesFieldset
          rates={draft.rates}
          services={draft.services}
          errors={errors}
          onChange={(place, duration, text) => {
            set({ rates: { ...draft.rates, [place]: { ...draft.rates[place], [duration]: text } } });
            setErrors((current) => ({ ...current, [`rates.${place}.${duration}`]: undefined, rates: undefined }));
          }}
        />
        <CheckGroup name="attention" legend="Atención" list={ATTENTION_TYPES} draft={draft} disabled={busy} onChange={set} />
        <PlanChoice plan={draft.plan} prices={props.prices} onChange={(plan) => set({ plan })} />
      </fieldset>
      {saved.length > 0 && <SavedPhotos saved={saved} disabled={busy} onRemove={(photo) => void removeSaved(photo)} />}
      <PhotoDropZone photos={photos} limit={limit} disabled={busy} onChange={setPhotos} error={errors.photo} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? (props.submitLabel ? 'Guardando…' : 'Publicando…') : (props.submitLabel ?? 'Publicar Anuncio')}
        </button>
        <a className="btn btn-outline" href="/">
          Cancelar
        </a>
      </div>
    </form>
  );
}
