// One email field that asks for a mail: a password reset link or a new confirmation link. The answer is the same
// whether or not the email has an account.
import { useState, type FormEvent } from 'react';
import { ApiError, accountCall } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';

/** `volver`: a new confirmation link leads there after signing in, as the first one did. */
export default function EmailRequestForm(props: {
  action: 'forgot-password' | 'resend-confirmation';
  submitLabel: string;
  doneText: string;
  volver?: string;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await accountCall(props.action, { email, volver: props.volver });
      setSentTo(email.trim());
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : 'No pudimos conectar con el servidor.');
      document.getElementById('request-email')?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <p className="form-success" role="status">
        {props.doneText.replace('{email}', sentTo)}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      <div className="field">
        <label htmlFor="request-email">Email</label>
        <input
          id="request-email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          {...errorProps('request-email', error)}
        />
        <FieldError id="request-email-error" message={error} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : props.submitLabel}
      </button>
    </form>
  );
}
