// Step 2 of the identity verification: the name and birth date of the DNI, its numbers and gender (RENAPER), and the
// photos each method asks for.
import type { FormEvent } from 'react';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import { FILES, type Draft, type Method } from './verification-draft.ts';
import { IDENTITY_RETENTION_DAYS } from '#shared/identity-retention.ts';

type Errors = Record<string, string | undefined>;
/** A text control's value and change handler, bound to the draft. */
type TextBinding = (field: keyof Draft) => { value: string; onChange: (e: { target: { value: string } }) => void };

function RenaperFields({ text, errors }: { text: TextBinding; errors: Errors }) {
  return (
    <>
      <div className="field">
        <label htmlFor="verify-dni">Número de DNI</label>
        <input
          id="verify-dni"
          inputMode="numeric"
          // Room for the dots of "38.112.345", as the card writes it: the digits are what counts (shared/identity-claim.ts).
          maxLength={12}
          autoComplete="off"
          {...text('dni')}
          {...errorProps('verify-dni', errors.dni)}
        />
        <FieldError id="verify-dni-error" message={errors.dni} />
      </div>
      <div className="field">
        <label htmlFor="verify-tramite">Número de trámite</label>
        <input
          id="verify-tramite"
          inputMode="numeric"
          maxLength={14}
          autoComplete="off"
          {...text('tramite')}
          {...errorProps('verify-tramite', errors.tramite)}
          aria-describedby={['verify-tramite-hint', errors.tramite ? 'verify-tramite-error' : ''].filter(Boolean).join(' ')}
        />
        <p id="verify-tramite-hint" className="form-hint">
          Está impreso en tu DNI: entre 11 y 14 números.
        </p>
        <FieldError id="verify-tramite-error" message={errors.tramite} />
      </div>
      <div className="field">
        <label htmlFor="verify-gender">Género (como en el DNI)</label>
        <select id="verify-gender" {...text('gender')} {...errorProps('verify-gender', errors.gender)}>
          <option value="">Elegí una opción</option>
          <option value="M">Masculino</option>
          <option value="F">Femenino</option>
          <option value="X">No binario</option>
        </select>
        <FieldError id="verify-gender-error" message={errors.gender} />
      </div>
    </>
  );
}

function DocumentInputs(props: { method: Method; errors: Errors; onFile: (field: string, file: File | undefined) => void }) {
  const { method, errors, onFile } = props;
  return (
    <>
      {FILES[method].map(({ field, label }) => (
        <div className="field" key={field}>
          <label htmlFor={`verify-${field}`}>{label}</label>
          <input
            id={`verify-${field}`}
            type="file"
            accept="image/jpeg,image/png"
            onChange={(e) => onFile(field, e.target.files?.[0])}
            {...errorProps(`verify-${field}`, errors[field])}
          />
          <FieldError id={`verify-${field}-error`} message={errors[field]} />
        </div>
      ))}
    </>
  );
}

interface IdentityStepProps {
  method: Method;
  text: TextBinding;
  errors: Errors;
  /** A refusal that names no field here. */
  problem: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onFile: (field: string, file: File | undefined) => void;
  onBack: () => void;
}

export default function IdentityStep({ method, text, errors, problem, busy, onSubmit, onFile, onBack }: IdentityStepProps) {
  return (
    <form onSubmit={onSubmit} className="account-form" noValidate>
      <h2>Identidad</h2>
      <p>
        {method === 'renaper' ? 'Completá los datos de tu DNI.' : 'Subí las fotos de tu DNI.'} El equipo de Velada revisa cada verificación
        en 24 a 48 horas.
      </p>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor="verify-fullName">Nombre y apellido (como en el DNI)</label>
        <input
          id="verify-fullName"
          autoComplete="name"
          maxLength={120}
          {...text('fullName')}
          {...errorProps('verify-fullName', errors.fullName)}
        />
        <FieldError id="verify-fullName-error" message={errors.fullName} />
      </div>
      <div className="field">
        <label htmlFor="verify-birthDate">Fecha de nacimiento</label>
        <input
          id="verify-birthDate"
          type="date"
          autoComplete="bday"
          {...text('birthDate')}
          {...errorProps('verify-birthDate', errors.birthDate)}
        />
        <FieldError id="verify-birthDate-error" message={errors.birthDate} />
      </div>
      {method === 'renaper' && <RenaperFields text={text} errors={errors} />}
      <DocumentInputs method={method} errors={errors} onFile={onFile} />
      <p className="form-hint">
        JPG o PNG de hasta 5 MB cada una. Las fotos se guardan cifradas, solo las ve el equipo de verificación y se borran{' '}
        {IDENTITY_RETENTION_DAYS} días después de la revisión.
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando…' : method === 'renaper' ? 'Completar Verificación' : 'Enviar para Revisión'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Volver
        </button>
      </div>
    </form>
  );
}
