// "Botón de arrepentimiento" (/arrepentimiento, decision 068): the purchase's reference and the account's email, no
// sign-in; the answer is a code of its own, shown at once (and mailed to the account's address).
import { useState, type FormEvent } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { formatMoney } from '#shared/format.ts';
import type { RevocationReceipt as Answer } from '#shared/contracts/public/consumer.ts';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';

export default function RevocationForm() {
  const [values, setValues] = useState({ reference: '', email: '' });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const form = useFormSubmit('revocation', {
    fields: ['reference', 'email'],
    offline: 'No pudimos conectar con el servidor. Probá de nuevo en un momento.',
    failed: 'No se pudo registrar el pedido. Probá de nuevo en un momento.',
  });
  const bind = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      form.clearError(name);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      reference: values.reference.trim() ? undefined : 'Escribí la referencia de la compra (empieza con VEL-).',
      email: /^\S+@\S+\.\S+$/.test(values.email.trim()) ? undefined : 'Escribí el email de tu cuenta, por ejemplo nombre@ejemplo.com.',
    };
    if (!form.check(found)) return;
    void form.submit(async () => setAnswer(await callApi<Answer>('POST', '/api/revocations', values)));
  }

  if (answer) {
    return (
      <div className="form-success" role="status">
        <p>
          Registramos tu arrepentimiento. Tu código de pedido es <strong className="request-code">{answer.code}</strong>: guardalo.
        </p>
        <p>
          {answer.refund
            ? `Te vamos a devolver ${formatMoney(answer.amount)} por el mismo medio con que pagaste. El plan de esa compra ya no está activo.`
            : 'Ese pago todavía no se había acreditado: lo cancelamos y no se te va a cobrar.'}{' '}
          También te lo enviamos por correo al email de tu cuenta.
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
      <FormField id="revocation-reference" label="Referencia de la compra (por ejemplo, VEL-7K2M9QXA)" error={form.errors.reference}>
        <input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} {...bind('reference')} />
      </FormField>
      <FormField id="revocation-email" label="Email de tu cuenta" error={form.errors.email}>
        <input type="email" autoComplete="email" maxLength={254} {...bind('email')} />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Enviando…' : 'Arrepentirme de la compra'}
      </button>
    </form>
  );
}
