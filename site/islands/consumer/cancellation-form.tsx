// "Botón de baja" (/baja, decision 068): the account's email and what to cancel, no sign-in; a code at once, and a
// confirmation link by mail to that address (the answer is the same whether the address has an account or not).
import { useState, type FormEvent } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { CANCELLATION_LINK_HOURS } from '#shared/consumer-law.ts';
import type { CancellationReceipt } from '#shared/contracts/public/consumer.ts';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';

export default function CancellationForm() {
  const [email, setEmail] = useState('');
  const [closeAccount, setCloseAccount] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const form = useFormSubmit('cancellation', {
    fields: ['email'],
    offline: 'No pudimos conectar con el servidor. Probá de nuevo en un momento.',
    failed: 'No se pudo registrar el pedido. Probá de nuevo en un momento.',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = /^\S+@\S+\.\S+$/.test(email.trim());
    if (!form.check({ email: valid ? undefined : 'Escribí el email de tu cuenta, por ejemplo nombre@ejemplo.com.' })) return;
    void form.submit(async () => setCode((await callApi<CancellationReceipt>('POST', '/api/cancellations', { email, closeAccount })).code));
  }

  if (code) {
    return (
      <div className="form-success" role="status">
        <p>
          Registramos tu pedido de baja. Tu código es <strong className="request-code">{code}</strong>.
        </p>
        <p>
          Si {email} es el email de una cuenta de Velada, le enviamos un enlace para confirmar la baja: abrilo dentro de las próximas{' '}
          {CANCELLATION_LINK_HOURS} horas. Hasta que lo confirmes no cambia nada.
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <FormField id="cancellation-email" label="Email de tu cuenta" error={form.errors.email}>
        <input
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            form.clearError('email');
          }}
        />
      </FormField>
      <fieldset className="field">
        <legend>Qué querés dar de baja</legend>
        <label className="check">
          <input type="radio" name="cancellation-scope" checked={!closeAccount} onChange={() => setCloseAccount(false)} />
          Las renovaciones de mis planes (la cuenta y los anuncios siguen)
        </label>
        <label className="check">
          <input type="radio" name="cancellation-scope" checked={closeAccount} onChange={() => setCloseAccount(true)} />
          Las renovaciones y también mi cuenta, con mis anuncios y mis datos
        </label>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Enviando…' : 'Pedir la baja'}
      </button>
    </form>
  );
}
