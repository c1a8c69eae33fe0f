// The contact form (the footer's Soporte links): the answer goes to the email given; staff read the messages in
// the panel.
import { useState, type FormEvent } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { CONTACT_TOPICS } from '#shared/contact-topics.ts';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';

export default function ContactForm(props: { topic?: string }) {
  const [values, setValues] = useState({ name: '', email: '', topic: props.topic ?? '', message: '' });
  const [sent, setSent] = useState(false);
  const form = useFormSubmit('contact', {
    offline: 'No pudimos conectar con el servidor. Probá de nuevo en un momento.',
    failed: 'No se pudo enviar el mensaje.',
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
    void form.submit(async () => {
      await callApi('POST', '/api/contact', values);
      setSent(true);
    });
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
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <FormField id="contact-name" label="Nombre (opcional)" error={form.errors.name}>
        <input autoComplete="name" maxLength={120} {...bind('name')} />
      </FormField>
      <FormField id="contact-email" label="Email" error={form.errors.email}>
        <input type="email" autoComplete="email" maxLength={254} {...bind('email')} />
      </FormField>
      <FormField id="contact-topic" label="Tema" error={form.errors.topic}>
        <select {...bind('topic')}>
          <option value="">Elegí un tema</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="contact-message" label="Mensaje" error={form.errors.message}>
        <textarea rows={6} maxLength={2000} {...bind('message')} />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Enviando…' : 'Enviar mensaje'}
      </button>
    </form>
  );
}
