// The selfie of a photo verification (Verificar fotos): the ad's code on paper and the gesture asked for, and the
// form that sends it; checked here (type, 5 MB) and again on the server.
import type { FormEvent } from 'react';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import { gestureLabel } from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';
import { IDENTITY_RETENTION_DAYS } from '#shared/identity-retention.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What is wrong with the file chosen, or undefined. */
export function selfieProblem(file: File | null): string | undefined {
  return !file
    ? 'Elegí la selfie que vas a enviar.'
    : !TYPES.includes(file.type)
      ? 'La selfie tiene que ser una imagen JPG, PNG o WebP.'
      : file.size > MAX_BYTES
        ? 'La imagen pesa más de 5 MB.'
        : undefined;
}

interface SelfieRequestProps {
  adId: number;
  gesture: NonNullable<OwnPhotoVerification['open']>['gesture'];
  fileError: string | undefined;
  busy: boolean;
  onFile: (file: File | null) => void;
  onSubmit: (event: FormEvent) => void;
}

export default function SelfieRequest({ adId, gesture, fileError, busy, onFile, onSubmit }: SelfieRequestProps) {
  return (
    <section className="photo-verification__request" aria-labelledby="selfie-title">
      <h2 id="selfie-title">Tu selfie de verificación</h2>
      <ol>
        <li>
          Escribí en un papel el código del anuncio: <strong className="photo-verification__code">{adId}</strong>
        </li>
        <li>
          Sacate una selfie sosteniendo el papel y haciendo este gesto:{' '}
          <strong className="photo-verification__gesture">{gestureLabel(gesture)}</strong>
        </li>
        <li>Que se vean bien tu cara, el gesto y el código. Sin filtros ni retoques.</li>
      </ol>
      <form onSubmit={onSubmit} className="account-form" noValidate>
        <div className="field">
          <label htmlFor="selfie">Selfie con el gesto y el código</label>
          <input
            id="selfie"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            {...errorProps('selfie', fileError)}
          />
          <FieldError id="selfie-error" message={fileError} />
        </div>
        <p className="form-hint">
          JPG, PNG o WebP de hasta 5 MB. La selfie se guarda cifrada, solo la ve el equipo de verificación y se borra{' '}
          {IDENTITY_RETENTION_DAYS} días después de la revisión.
        </p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar la selfie'}
        </button>
      </form>
    </section>
  );
}
