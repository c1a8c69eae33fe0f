// The ad form, last step of the publish flow: every field of the ad with its rules (the same zod schema as the
// server), the photos and the plan. 'Publicar Anuncio' saves the ad, uploads the photos one by one and sends it
// for review; a second click while that runs does nothing, and a retry reuses the ad already saved.
import { useRef, useState, type FormEvent } from 'react';
import { adInputSchema } from '#shared/ad-input.ts';
import { ATTENTION_TYPES, BARRIOS, CATEGORIES, DAY_GROUPS, LANGUAGES, PLANS, SERVICE_TYPES, TIME_SLOTS } from '#shared/catalogue.ts';
import { formatMoney } from '#shared/format.ts';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import { draftPayload, type AdDraft } from './ad-draft.ts';
import PhotoDropZone, { uploadPhoto, type PendingPhoto } from './photo-drop-zone.tsx';
import RatesFieldset, { inputIdOf } from './rates-fieldset.tsx';

type Errors = Record<string, string | undefined>;
const PLAN_TEXT = {
  gratuito: 'Publicación estándar, hasta 3 fotos, 30 días.',
  premium: 'Después de los VIP y antes que los avisos gratuitos, hasta 10 fotos.',
  vip: 'Todo lo de Premium, primer lugar de su categoría por turnos con los demás VIP y siempre en el inicio.',
};

export interface SavedPhoto {
  id: number;
  url: string;
}

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
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [saved, setSaved] = useState<SavedPhoto[]>(props.saved ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set at once on submit, unlike state: a second click in the same instant finds it and does nothing.
  const inFlight = useRef(false);
  const planLimit = PLANS.find((p) => p.value === draft.plan)?.images ?? 3;
  // Photos already on the ad count toward the plan's limit.
  const limit = Math.max(0, planLimit - saved.length);

  const set = (patch: Partial<AdDraft>) => props.onDraft({ ...draft, ...patch });
  const field = (name: keyof AdDraft) => ({
    id: `ad-${name}`,
    value: String(draft[name] ?? ''),
    onChange: (e: { target: { value: string } }) => {
      set({ [name]: e.target.value } as Partial<AdDraft>);
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    ...errorProps(`ad-${name}`, errors[name]),
  });
  const toggle = (name: 'days' | 'slots' | 'languages' | 'services' | 'attention', value: string, on: boolean) =>
    set({ [name]: on ? [...draft[name], value] : (draft[name] as readonly string[]).filter((v) => v !== value) });

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    setProblem(null);
    const parsed = adInputSchema.safeParse(draftPayload(draft));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        // A rate's error marks its own input ('rates.hotel.2h'); the table shows the first message.
        const rate = issue.path[0] === 'rates';
        found[rate ? issue.path.join('.') : String(issue.path[0])] ??= issue.message;
        if (rate) found.rates ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0]!;
      document.getElementById(inputIdOf(first))?.focus();
      return;
    }
    if (photos.length > limit) {
      setErrors({ photo: `Tu plan permite hasta ${planLimit} fotos: quitá ${photos.length - limit} o elegí otro plan.` });
      document.getElementById('ad-photo')?.closest('.field')?.querySelector('button')?.focus();
      return;
    }
    setErrors({});
    inFlight.current = true;
    setBusy(true);
    try {
      let adId = draft.adId;
      if (adId) await callApi('PUT', `/api/advertiser/ads/${adId}`, parsed.data);
      else {
        adId = (await callApi<{ id: number }>('POST', '/api/advertiser/ads', parsed.data)).id;
        props.onDraft({ ...draft, adId });
      }
      let queue = photos;
      for (const photo of photos) {
        if (photo.progress === 100) continue;
        try {
          await uploadPhoto(adId, photo.file, (progress) => {
            queue = queue.map((p) => (p.id === photo.id ? { ...p, progress } : p));
            setPhotos(queue);
          });
          queue = queue.map((p) => (p.id === photo.id ? { ...p, progress: 100, error: undefined } : p));
        } catch (err) {
          queue = queue.map((p) => (p.id === photo.id ? { ...p, progress: null, error: (err as Error).message } : p));
          setPhotos(queue);
          throw new Error('Una de las fotos no se pudo subir: quitala o cambiala y volvé a publicar.', { cause: err });
        }
        setPhotos(queue);
      }
      if (props.submitAfterSave ?? true) await callApi('POST', `/api/advertiser/ads/${adId}/submit`);
      props.onPublished();
    } catch (err) {
      const input = err instanceof ApiError && err.field ? document.getElementById(inputIdOf(err.field)) : null;
      if (err instanceof ApiError && err.field && input) {
        setErrors({ [err.field]: err.detail, ...(err.field.startsWith('rates.') ? { rates: err.detail } : {}) });
        input.focus();
      } else {
        setProblem(err instanceof Error ? err.message : 'No se pudo publicar el anuncio.');
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function removeSaved(photo: SavedPhoto) {
    try {
      await callApi('DELETE', `/api/advertiser/ads/${draft.adId}/photos/${photo.id}`);
      setSaved((list) => list.filter((p) => p.id !== photo.id));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'No se pudo quitar la foto.');
    }
  }

  const checkboxes = (
    name: 'days' | 'slots' | 'languages' | 'services' | 'attention',
    legend: string,
    list: readonly { value: string; label: string }[],
  ) => (
    <fieldset className="check-group">
      <legend>{legend}</legend>
      {list.map((item) => (
        <label key={item.value} className="check">
          <input
            type="checkbox"
            checked={(draft[name] as readonly string[]).includes(item.value)}
            disabled={busy}
            onChange={(e) => toggle(name, item.value, e.target.checked)}
          />
          <span>{item.label}</span>
        </label>
      ))}
    </fieldset>
  );

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
        <div className="field">
          <label htmlFor="ad-title">Título *</label>
          <input maxLength={80} placeholder="Por ejemplo: tu nombre y el servicio" {...field('title')} />
          <FieldError id="ad-title-error" message={errors.title} />
        </div>
        <div className="ad-form__row">
          <div className="field">
            <label htmlFor="ad-category">Categoría *</label>
            <select {...field('category')}>
              <option value="">Elegí una categoría</option>
              {CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError id="ad-category-error" message={errors.category} />
          </div>
          <div className="field">
            <label htmlFor="ad-zona">Zona *</label>
            <select id="ad-zona" value="caba" onChange={() => undefined}>
              <option value="caba">CABA</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="ad-barrio">Barrio</label>
            <select {...field('barrio')}>
              <option value="">Sin indicar</option>
              {BARRIOS.map((b) => (
                <option key={b.slug} value={b.slug}>
                  {b.name}
                </option>
              ))}
            </select>
            <FieldError id="ad-barrio-error" message={errors.barrio} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="ad-description">Descripción *</label>
          <textarea rows={6} maxLength={4000} {...field('description')} />
          <FieldError id="ad-description-error" message={errors.description} />
        </div>
        <div className="ad-form__row">
          <div className="field">
            <label htmlFor="ad-phone">Teléfono de contacto</label>
            <input type="tel" autoComplete="tel" maxLength={20} {...field('phone')} />
            <FieldError id="ad-phone-error" message={errors.phone} />
          </div>
        </div>
        {checkboxes('days', 'Días', DAY_GROUPS)}
        {checkboxes('slots', 'Horarios', TIME_SLOTS)}
        <fieldset className="check-group">
          <legend>Disponibilidad</legend>
          <label className="check">
            <input type="checkbox" checked={draft.is24h} onChange={(e) => set({ is24h: e.target.checked })} />
            <span>24 horas</span>
          </label>
          <label className="check">
            <input type="checkbox" checked={draft.openSchedule} onChange={(e) => set({ openSchedule: e.target.checked })} />
            <span>Agenda abierta</span>
          </label>
        </fieldset>
        {checkboxes('languages', 'Idiomas', LANGUAGES)}
        {checkboxes('services', 'Servicios', SERVICE_TYPES)}
        <RatesFieldset
          rates={draft.rates}
          services={draft.services}
          errors={errors}
          onChange={(place, duration, text) => {
            set({ rates: { ...draft.rates, [place]: { ...draft.rates[place], [duration]: text } } });
            setErrors((current) => ({ ...current, [`rates.${place}.${duration}`]: undefined, rates: undefined }));
          }}
        />
        {checkboxes('attention', 'Atención', ATTENTION_TYPES)}
        <fieldset className="choice-list">
          <legend>Plan</legend>
          {PLANS.map((plan) => (
            <label key={plan.value} className="choice">
              <input
                type="radio"
                name="plan"
                value={plan.value}
                checked={draft.plan === plan.value}
                onChange={() => set({ plan: plan.value })}
              />
              <span>
                <strong>
                  {plan.label} · {plan.value === 'gratuito' ? 'Gratis' : `${formatMoney(props.prices[plan.value])} / mes`}
                </strong>
                <span className="form-hint"> {PLAN_TEXT[plan.value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </fieldset>
      {saved.length > 0 && (
        <div className="field">
          <span className="label">Fotos publicadas</span>
          <ul className="photo-list" aria-label="Fotos que ya tiene el anuncio">
            {saved.map((photo, i) => (
              <li key={photo.id} className="photo-list__item">
                <img src={photo.url} alt={`Foto publicada ${i + 1}`} width={96} height={96} />
                <span className="photo-list__name">{i === 0 ? 'Portada' : `Foto ${i + 1}`}</span>
                <span className="photo-list__actions">
                  <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void removeSaved(photo)}>
                    Quitar<span className="visually-hidden"> la foto publicada {i + 1}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
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
