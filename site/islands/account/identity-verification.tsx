// The verification steps of the publish flow (and of 'Verificar mi identidad' in the account): choose a method,
// then the RENAPER form or the manual uploads, both with the name and birth date of the DNI. Submitting sends
// everything for staff review (24-48 hours). The choice and typed fields survive a reload; files do not.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';

type Method = 'renaper' | 'manual';
type Step = 'method' | 'identity';
interface Draft {
  method: Method | null;
  step: Step;
  fullName: string;
  birthDate: string;
  dni: string;
  tramite: string;
  gender: '' | 'M' | 'F' | 'X';
}
const DRAFT_KEY = 'velada.verificacion';
const EMPTY: Draft = { method: null, step: 'method', fullName: '', birthDate: '', dni: '', tramite: '', gender: '' };
const SELFIE = { field: 'selfie', label: 'Selfie sosteniendo tu DNI', missing: 'Falta la selfie sosteniendo tu DNI.' };
const FILES: Record<Method, { field: string; label: string; missing: string }[]> = {
  renaper: [SELFIE],
  manual: [
    { field: 'dniFront', label: 'Frente del DNI', missing: 'Falta la foto del frente del DNI.' },
    { field: 'dniBack', label: 'Dorso del DNI', missing: 'Falta la foto del dorso del DNI.' },
    SELFIE,
  ],
};
const MAX_BYTES = 5 * 1024 * 1024;

function loadDraft(initialName: string): Draft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null;
    if (saved && typeof saved === 'object') return { ...EMPTY, ...saved };
  } catch {
    /* a broken draft starts over */
  }
  return { ...EMPTY, fullName: initialName };
}

export default function IdentityVerification(props: { fullName: string; onSubmitted?: () => void; doneHref?: string }) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, fullName: props.fullName }));
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const [restored, setRestored] = useState(false);
  // After hydration: the server rendered the empty first step, the saved draft (if any) takes over here. Saving
  // starts only then, or the first render would overwrite the draft it is about to restore.
  useEffect(() => {
    const timer = setTimeout(() => {
      setDraft(loadDraft(props.fullName));
      setRestored(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [props.fullName]);
  useEffect(() => {
    if (restored && !done) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }, [draft, done, restored]);

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (field: keyof Draft) => ({
    value: String(draft[field] ?? ''),
    onChange: (e: { target: { value: string } }) => {
      update({ [field]: e.target.value } as Partial<Draft>);
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  function chooseMethod(event: FormEvent) {
    event.preventDefault();
    if (!draft.method) {
      setErrors({ method: 'Elegí un método de verificación para continuar.' });
      return;
    }
    setErrors({});
    update({ step: 'identity' });
  }

  function validate(method: Method): Record<string, string> {
    const found: Record<string, string> = {};
    if (draft.fullName.trim().length < 3) found.fullName = 'Escribí tu nombre y apellido como figuran en el DNI.';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.birthDate)) found.birthDate = 'Ingresá tu fecha de nacimiento.';
    if (method === 'renaper') {
      if (!/^\d{7,8}$/.test(draft.dni.trim())) found.dni = 'El DNI debe tener 7 u 8 números, sin puntos.';
      if (!/^\d{11,14}$/.test(draft.tramite.trim())) found.tramite = 'El número de trámite debe tener entre 11 y 14 números.';
      if (!draft.gender) found.gender = 'Elegí el género que figura en tu DNI.';
    }
    for (const { field, missing } of FILES[method]) {
      const file = files[field];
      if (!file) found[field] = missing;
      else if (!['image/jpeg', 'image/png'].includes(file.type)) found[field] = 'El archivo debe ser una imagen JPG o PNG.';
      else if (file.size > MAX_BYTES) found[field] = 'La imagen pesa más de 5 MB.';
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const method = draft.method;
    if (busy || !method) return;
    const found = validate(method);
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`verify-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set('method', method);
    form.set('fullName', draft.fullName.trim());
    form.set('birthDate', draft.birthDate);
    if (method === 'renaper') {
      form.set('dni', draft.dni.trim());
      form.set('tramite', draft.tramite.trim());
      form.set('gender', draft.gender);
    }
    for (const { field } of FILES[method]) form.set(field, files[field]!);
    setBusy(true);
    try {
      await callApi('POST', '/api/advertiser/verification', form);
      sessionStorage.removeItem(DRAFT_KEY);
      setDone(true);
      props.onSubmitted?.();
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.field && document.getElementById(`verify-${error.field}`)) {
        setErrors({ [error.field]: error.detail });
        document.getElementById(`verify-${error.field}`)?.focus();
      } else {
        setProblem(error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  if (done && !props.onSubmitted) {
    return (
      <div className="form-success" role="status">
        <p>Recibimos tu verificación. El equipo la revisa en 24 a 48 horas y te avisamos por email.</p>
        {props.doneHref && <a href={props.doneHref}>Volver a mi cuenta</a>}
      </div>
    );
  }

  if (draft.step === 'method' || !draft.method) {
    return (
      <form onSubmit={chooseMethod} className="account-form" noValidate>
        <h2>Paso 1: Verificación</h2>
        <p>Solo publican personas adultas que verificaron su identidad. Elegí cómo hacerlo:</p>
        <fieldset className="choice-list" aria-describedby={errors.method ? 'verify-method-error' : undefined}>
          <legend>Método de verificación</legend>
          <label className="choice">
            <input
              type="radio"
              name="method"
              value="renaper"
              checked={draft.method === 'renaper'}
              onChange={() => update({ method: 'renaper' })}
            />
            <span>
              <strong>RENAPER</strong>
              <span className="form-hint"> Con el número de DNI y de trámite, y una selfie sosteniendo tu DNI.</span>
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="method"
              value="manual"
              checked={draft.method === 'manual'}
              onChange={() => update({ method: 'manual' })}
            />
            <span>
              <strong>Revisión manual</strong>
              <span className="form-hint"> Con fotos del frente y el dorso del DNI y una selfie sosteniéndolo.</span>
            </span>
          </label>
        </fieldset>
        <FieldError id="verify-method-error" message={errors.method} />
        <button type="submit" className="btn btn-primary">
          Continuar
        </button>
      </form>
    );
  }

  const method = draft.method;
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      <h2>Paso 2: Identidad</h2>
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
      {method === 'renaper' && (
        <>
          <div className="field">
            <label htmlFor="verify-dni">Número de DNI</label>
            <input
              id="verify-dni"
              inputMode="numeric"
              maxLength={8}
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
      )}
      {FILES[method].map(({ field, label }) => (
        <div className="field" key={field}>
          <label htmlFor={`verify-${field}`}>{label}</label>
          <input
            id={`verify-${field}`}
            type="file"
            accept="image/jpeg,image/png"
            onChange={(e) => {
              setFiles((current) => ({ ...current, [field]: e.target.files?.[0] }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
            {...errorProps(`verify-${field}`, errors[field])}
          />
          <FieldError id={`verify-${field}-error`} message={errors[field]} />
        </div>
      ))}
      <p className="form-hint">
        JPG o PNG de hasta 5 MB cada una. Las fotos se guardan cifradas, solo las ve el equipo de verificación y se borran 30 días después
        de la revisión.
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando…' : method === 'renaper' ? 'Completar Verificación' : 'Enviar para Revisión'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => update({ step: 'method' })}>
          Volver
        </button>
      </div>
    </form>
  );
}
