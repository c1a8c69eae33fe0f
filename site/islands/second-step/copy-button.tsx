// A button that copies a text (a secret, recovery codes) and says so, on the button and in a polite live region.
// Without clipboard access it says to select the text, which stays on screen.
import { useState } from 'react';

export default function CopyButton(props: { text: string; label: string; copied: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.text);
      setState('copied');
      setTimeout(() => setState('idle'), 2500);
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" onClick={() => void copy()}>
        {state === 'copied' ? props.copied : props.label}
      </button>
      <span className={state === 'failed' ? 'form-hint' : 'visually-hidden'} role="status">
        {state === 'copied' ? props.copied : state === 'failed' ? 'No se pudo copiar: seleccioná el texto y copialo.' : ''}
      </span>
    </>
  );
}
