// The verification steps of the publish flow (and of 'Verificar mi identidad' in the account): choose a method,
// then the RENAPER form or the manual uploads, both with the name and birth date of the DNI. Submitting sends
// everything for staff review (24-48 hours). The choice and typed fields survive a reload; files do not.
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { DRAFT_KEY, useVerificationDraft, verificationErrors, verificationForm, type Draft, type Files } from './verification-draft.ts';
import MethodStep from './verification-method-step.tsx';
import IdentityStep from './verification-identity-step.tsx';

export default function IdentityVerification(props: { fullName: string; onSubmitted?: () => void; doneHref?: string }) {
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [draft, setDraft] = useVerificationDraft(props.fullName, done);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const method = draft.method;
    if (busy || !method) return;
    const found = verificationErrors(draft, method, files);
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`verify-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await callApi('POST', '/api/advertiser/verification', verificationForm(draft, method, files));
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

  if (done && !props.onSubmitted) return <VerificationSent doneHref={props.doneHref} />;

  if (draft.step === 'method' || !draft.method) {
    return <MethodStep method={draft.method} error={errors.method} onChoose={(method) => update({ method })} onSubmit={chooseMethod} />;
  }

  return (
    <IdentityStep
      method={draft.method}
      text={text}
      errors={errors}
      problem={problem}
      busy={busy}
      onSubmit={submit}
      onFile={(field, file) => {
        setFiles((current) => ({ ...current, [field]: file }));
        setErrors((current) => ({ ...current, [field]: undefined }));
      }}
      onBack={() => update({ step: 'method' })}
    />
  );
}

/** Sent, outside the publish flow (which goes on to its next step instead). */
function VerificationSent({ doneHref }: { doneHref: string | undefined }) {
  return (
    <div className="form-success" role="status">
      <p>Recibimos tu verificación. El equipo la revisa en 24 a 48 horas y te avisamos por email.</p>
      {doneHref && <a href={doneHref}>Volver a mi cuenta</a>}
    </div>
  );
}
