// The contact form (the footer's Soporte links): the answer goes to the email given; staff read the messages in
// the panel.
import { useState, type FormEvent } from 'react';
import FieldError, { errorProps } from '#site/islands/account/field-error.tsx';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { CONTACT_TOPICS } from '#shared/contact-topics.ts';

export default function ContactForm(props: { topic?: string }) {
  const [values, setValues] = useState({ name: '', email: '', topic: props.topic ?? '', message: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof values) => ({
    id: `contact-${name}`,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    ...errorProps(`contact-${name}`, errors[name]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await callApi('POST', '/api/contact', values);
      setSent(true);
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.status === 0) setProblem('No pudimos conectar con el servidor. Probá de nuevo en un momento.');
      else if (error.field) {
        setErrors({ [error.field]: error.detail });
        document.getElementById(`contact-${error.field}`)?.focus();
      } else setProblem(error.code === 'network_error' ? 'No se pudo enviar el mensaje.' : error.message);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p className="form-success" role="status">
        Recibimos tu mensaje. Te respondemos a {values.email} lo antes posible (los pedidos sobre tus datos personales, dentro de los plazos
        de la Ley 25.326).
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor="contact-name">Nombre (opcional)</label>
        <input autoComplete="name" maxLength={120} {...field('name')} />
        <FieldError id="contact-name-error" message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input type="email" autoComplete="email" maxLength={254} {...field('email')} />
        <FieldError id="contact-email-error" message={errors.email} />
      </div>
      <div className="field">
        <label htmlFor="contact-topic">Tema</label>
        <select {...field('topic')}>
          <option value="">Elegí un tema</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <FieldError id="contact-topic-error" message={errors.topic} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Mensaje</label>
        <textarea rows={6} maxLength={2000} {...field('message')} />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar mensaje'}
      </button>
    </form>
  );
}
