// The panel's "Motivo" box: the reason a refusal gives the person it refuses (an advertiser, a reporter), with its
// error tied to it for screen readers, and the state of a form whose reason is required (useRequiredReason).
import { useState, type FormEvent } from 'react';

/** Shorter than this, a reason tells the person refused nothing. */
export const MIN_REASON_LENGTH = 5;

/**
 * A refusal form's reason: what was typed, its error, and the submit handler that checks it (focusing the box, by
 * its id, with `missing` when it is too short) before sending it once.
 */
export function useRequiredReason(options: { id: string; missing: string; send: (reason: string) => Promise<unknown> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < MIN_REASON_LENGTH) {
      setError(options.missing);
      document.getElementById(options.id)?.focus();
      return;
    }
    setBusy(true);
    await options.send(reason.trim());
    setBusy(false);
  }
  const field = {
    id: options.id,
    value: reason,
    error,
    onChange: (value: string) => {
      setReason(value);
      setError(null);
    },
  };
  return { field, busy, submit };
}

interface ReasonFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export default function ReasonField({ id, label, value, error, onChange }: ReasonFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="panel__error">
          {error}
        </p>
      )}
    </div>
  );
}
