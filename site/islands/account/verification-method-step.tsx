// Step 1 of the identity verification: RENAPER (DNI and procedure numbers, and a selfie) or a manual review (photos
// of the DNI, and a selfie).
import type { FormEvent } from 'react';
import FieldError from '#site/islands/forms/field-error.tsx';
import type { Method } from './verification-draft.ts';

interface MethodStepProps {
  method: Method | null;
  error: string | undefined;
  onChoose: (method: Method) => void;
  onSubmit: (event: FormEvent) => void;
}

export default function MethodStep({ method, error, onChoose, onSubmit }: MethodStepProps) {
  return (
    <form onSubmit={onSubmit} className="account-form" noValidate>
      <h2>Verificación</h2>
      <p>Solo publican personas adultas que verificaron su identidad. Elegí cómo hacerlo:</p>
      <fieldset className="choice-list" aria-describedby={error ? 'verify-method-error' : undefined}>
        <legend>Método de verificación</legend>
        <label className="choice">
          <input type="radio" name="method" value="renaper" checked={method === 'renaper'} onChange={() => onChoose('renaper')} />
          <span>
            <strong>RENAPER</strong>
            <span className="form-hint"> Con el número de DNI y de trámite, y una selfie sosteniendo tu DNI.</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="method" value="manual" checked={method === 'manual'} onChange={() => onChoose('manual')} />
          <span>
            <strong>Revisión manual</strong>
            <span className="form-hint"> Con fotos del frente y el dorso del DNI y una selfie sosteniéndolo.</span>
          </span>
        </label>
      </fieldset>
      <FieldError id="verify-method-error" message={error} />
      <button type="submit" className="btn btn-primary">
        Continuar
      </button>
    </form>
  );
}
