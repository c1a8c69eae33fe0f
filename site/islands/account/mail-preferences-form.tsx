// The optional mail about one's ads, on or off: from a mailed link (its token, no sign-in needed) or from the account.
// Saved with one button, and the confirmation says what will and will not arrive.
import { useState, type FormEvent } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';
import { OPTIONAL_MAIL_KINDS, type MailPreferences } from '#shared/mail-preferences.ts';

const list = (labels: string[]) => labels.map((l) => `«${l}»`).join(', ');

export default function MailPreferencesForm(props: { preferences: MailPreferences; token?: string }) {
  const [choices, setChoices] = useState(props.preferences);
  const [saved, setSaved] = useState<MailPreferences | null>(null);
  const form = useFormSubmit('mail-preferences');

  function submit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      const answer = props.token
        ? await callApi<{ preferences: MailPreferences }>('POST', '/api/mail-preferences', { token: props.token, preferences: choices })
        : await callApi<{ preferences: MailPreferences }>('POST', '/api/advertiser/mail-preferences', { preferences: choices });
      setChoices(answer.preferences);
      setSaved(answer.preferences);
      setTimeout(() => document.getElementById('mail-preferences-saved')?.focus(), 0);
    });
  }

  const on = saved ? OPTIONAL_MAIL_KINDS.filter((k) => saved[k.value]).map((k) => k.label) : [];
  const off = saved ? OPTIONAL_MAIL_KINDS.filter((k) => !saved[k.value]).map((k) => k.label) : [];
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <fieldset className="choice-list">
        <legend>Correos sobre tus anuncios que podés elegir</legend>
        {OPTIONAL_MAIL_KINDS.map((kind) => (
          <label key={kind.value} className="choice">
            <input
              type="checkbox"
              name={kind.value}
              checked={choices[kind.value]}
              onChange={(e) => {
                setChoices((c) => ({ ...c, [kind.value]: e.target.checked }));
                setSaved(null);
              }}
            />
            <span className="choice__text">
              <strong>{kind.label}</strong>
              <span className="form-hint">{kind.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {form.busy ? 'Guardando…' : 'Guardar mis preferencias'}
        </button>
      </div>
      <div role="status">
        {saved && (
          <div className="form-success" id="mail-preferences-saved" tabIndex={-1}>
            <p>
              <strong>Listo: guardamos tus preferencias.</strong>
            </p>
            {on.length > 0 && <p>Vas a recibir: {list(on)}.</p>}
            {off.length > 0 && (
              <p>
                Ya no vas a recibir: {list(off)}. Podés volver a {off.length === 1 ? 'activarlo' : 'activarlos'} acá cuando quieras.
              </p>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
