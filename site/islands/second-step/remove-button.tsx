// "Quitar" with a confirmation step: the question and "Sí, quitar" / "Cancelar" in its place. The focus goes to
// the question, and back to "Quitar" when cancelled or refused.
import { useEffect, useId, useRef, useState } from 'react';

interface RemoveButtonProps {
  /** Read after "Quitar" by screen readers: "la passkey Chrome en Android". */
  what: string;
  question: string;
  busy: boolean;
  /** The id of the text that says why it cannot be removed; the button is disabled then. */
  blockedBy?: string;
  onConfirm: () => Promise<void>;
}

export default function RemoveButton({ what, question, busy, blockedBy, onConfirm }: RemoveButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const questionRef = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (confirming) questionRef.current?.focus();
    else if (opened.current) opener.current?.focus();
    opened.current = confirming;
  }, [confirming]);

  async function confirm() {
    await onConfirm();
    // Removed: this button is gone with its row. Refused: back to "Quitar", the reason shown in the block.
    setConfirming(false);
  }

  if (!confirming)
    return (
      <button
        ref={opener}
        type="button"
        className="btn btn-outline btn-small"
        disabled={busy || Boolean(blockedBy)}
        aria-describedby={blockedBy}
        onClick={() => setConfirming(true)}
      >
        Quitar<span className="visually-hidden"> {what}</span>
      </button>
    );
  return (
    <div className="security__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} ref={questionRef} tabIndex={-1}>
        {question}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Quitando…' : 'Sí, quitar'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={() => setConfirming(false)}>
          Cancelar
        </button>
      </div>
    </div>
  );
}
