// The dialogs' forms of Anuncios: approving an ad with indicators (its reasons confirmed as read), and rejecting or
// removing one with a reason and a category the advertiser sees.
import { useState, type FormEvent } from 'react';
import { DEFAULT_REFUSAL_CATEGORY, REFUSAL_CATEGORIES, type RefusalCategory } from '#shared/refusal-categories.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';
import ReasonField, { useRequiredReason } from './reason-field.tsx';
import { reasonText } from './review-reasons.tsx';
import DialogFormActions from './dialog-form-actions.tsx';

export type Refusal = { ad: ModerationItem; action: 'reject' | 'remove' };

/** Approving a flagged ad: its reasons once more, and a confirmation that they were read. */
export function ApproveFlaggedForm(props: { ad: ModerationItem; onCancel: () => void; onSubmit: () => Promise<unknown> }) {
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
      <DialogFormActions submit="Aprobar" busy={busy} onCancel={props.onCancel} />
    </form>
  );
}

export function ReasonForm(props: {
  refusal: Refusal;
  onCancel: () => void;
  onSubmit: (reason: string, category: RefusalCategory) => Promise<unknown>;
}) {
  const [category, setCategory] = useState<RefusalCategory>(DEFAULT_REFUSAL_CATEGORY);
  const { field, busy, submit } = useRequiredReason({
    id: 'ad-reason',
    missing: 'Escribí el motivo: el anunciante lo va a ver.',
    send: (reason) => props.onSubmit(reason, category),
  });
  return (
    <form className="panel__form" onSubmit={submit} noValidate>
      <p>«{props.refusal.ad.title}»</p>
      <ReasonField {...field} label="Motivo (lo ve el anunciante)" />
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
      <DialogFormActions submit={props.refusal.action === 'remove' ? 'Dar de baja' : 'Rechazar'} busy={busy} onCancel={props.onCancel} />
    </form>
  );
}
