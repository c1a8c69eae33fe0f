// 'Publicar Anuncio': the draft checked with the server's schema, the ad saved (created once; a retry updates it),
// the photos uploaded one by one with their progress, and the ad sent for review. A second click while that runs
// does nothing; a refusal that names a field is shown beside that field.
import { useRef, useState, type FormEvent } from 'react';
import { adInputSchema } from '#shared/ad-input.ts';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { draftPayload, type AdDraft } from './ad-draft.ts';
import { uploadPhoto, type PendingPhoto } from './photo-drop-zone.tsx';
import { inputIdOf } from './rates-fieldset.tsx';

export type Errors = Record<string, string | undefined>;
type AdInput = ReturnType<typeof adInputSchema.parse>;

/** The schema's messages by field; a rate's error marks its own input ('rates.hotel.2h') and the table shows the first. */
function schemaErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const rate = issue.path[0] === 'rates';
    found[rate ? issue.path.join('.') : String(issue.path[0])] ??= issue.message;
    if (rate) found.rates ??= issue.message;
  }
  return found;
}

/** Uploads the photos not uploaded yet, showing each one's progress; throws at the first that fails (marked with its error). */
async function uploadPending(adId: number, photos: PendingPhoto[], show: (photos: PendingPhoto[]) => void): Promise<void> {
  let queue = photos;
  for (const photo of photos) {
    if (photo.progress === 100) continue;
    try {
      await uploadPhoto(adId, photo.file, (progress) => {
        queue = queue.map((p) => (p.id === photo.id ? { ...p, progress } : p));
        show(queue);
      });
      queue = queue.map((p) => (p.id === photo.id ? { ...p, progress: 100, error: undefined } : p));
    } catch (err) {
      queue = queue.map((p) => (p.id === photo.id ? { ...p, progress: null, error: (err as Error).message } : p));
      show(queue);
      throw new Error('Una de las fotos no se pudo subir: quitala o cambiala y volvé a publicar.', { cause: err });
    }
    show(queue);
  }
}

interface PublishOptions {
  draft: AdDraft;
  onDraft: (draft: AdDraft) => void;
  /** How many new photos the plan still takes, and how many it takes in all. */
  limit: number;
  planLimit: number;
  /** Whether saving also sends the ad for review (see AdForm). */
  submitAfterSave?: boolean;
  onPublished: () => void;
}

export function useAdPublish({ draft, onDraft, limit, planLimit, submitAfterSave, onPublished }: PublishOptions) {
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set at once on submit, unlike state: a second click in the same instant finds it and does nothing.
  const inFlight = useRef(false);

  /** The ad saved (created the first time); its id. */
  async function save(data: AdInput): Promise<number> {
    if (draft.adId) {
      await callApi('PUT', `/api/advertiser/ads/${draft.adId}`, data);
      return draft.adId;
    }
    const adId = (await callApi<{ id: number }>('POST', '/api/advertiser/ads', data)).id;
    onDraft({ ...draft, adId });
    return adId;
  }

  function showRefusal(err: unknown) {
    const input = err instanceof ApiError && err.field ? document.getElementById(inputIdOf(err.field)) : null;
    if (err instanceof ApiError && err.field && input) {
      setErrors({ [err.field]: err.detail, ...(err.field.startsWith('rates.') ? { rates: err.detail } : {}) });
      input.focus();
    } else {
      setProblem(err instanceof Error ? err.message : 'No se pudo publicar el anuncio.');
    }
  }

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    setProblem(null);
    const parsed = adInputSchema.safeParse(draftPayload(draft));
    if (!parsed.success) {
      const found = schemaErrors(parsed.error.issues);
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
      const adId = await save(parsed.data);
      await uploadPending(adId, photos, setPhotos);
      if (submitAfterSave ?? true) await callApi('POST', `/api/advertiser/ads/${adId}/submit`);
      onPublished();
    } catch (err) {
      showRefusal(err);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { photos, setPhotos, errors, setErrors, problem, setProblem, busy, publish };
}
