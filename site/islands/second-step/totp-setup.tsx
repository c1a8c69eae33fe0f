// Setting up an authenticator app: the QR code to scan, the secret to type where scanning is not possible (or a
// link that opens the app on this device), and the app's first code to confirm it works. The same form at the
// staff's first sign-in and in "Seguridad"; what comes after the confirmation is the caller's.
import { useState, type FormEvent } from 'react';
import type { FactorAdded, TotpSetup } from '#shared/contracts/second-step.ts';
import { ApiError } from '#site/lib/api-client.ts';
import { cleanCode, postStep, stepProblem, type AccountBase } from '#site/lib/second-step-api.ts';
import FormField from '#site/islands/forms/form-field.tsx';
import CopyButton from './copy-button.tsx';

interface TotpSetupFormProps {
  base: AccountBase;
  setup: TotpSetup;
  /** Where the first code goes (…/totp/confirm). */
  confirmPath: string;
  onAdded: (added: FactorAdded) => void;
  onCancel: () => void;
  /** Errors the caller shows itself (a step that is over, a recent sign-in needed); true when it took this one. */
  takeError?: (error: unknown) => boolean;
}

/** "JBSW Y3DP EHPK 3PXP": easier to read and type in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export default function TotpSetupForm({ base, setup, confirmPath, onAdded, onCancel, takeError }: TotpSetupFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refuse = (message: string) => {
    setError(message);
    document.getElementById('totp-setup-code')?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = cleanCode(code);
    if (!/^\d{6}$/.test(typed)) return refuse('Escribí los 6 dígitos que muestra la app.');
    setBusy(true);
    setError(undefined);
    try {
      const added = await postStep<FactorAdded>(base, confirmPath, { code: typed });
      onAdded(added);
    } catch (err) {
      setBusy(false);
      if (!takeError?.(err)) refuse(err instanceof ApiError ? err.detail : stepProblem(err));
    }
  }

  return (
    <div className="totp-setup">
      <p>Abrí tu app de autenticación y escaneá este código:</p>
      <figure className="totp-setup__figure">
        {/* The server's own SVG (shared/contracts/second-step.ts), drawn from the address it made: no user text. */}
        <div className="totp-setup__qr" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
        <figcaption className="form-hint">El código tiene la clave de tu cuenta: no lo compartas.</figcaption>
      </figure>
      <p>¿No podés escanearlo? Escribí esta clave en la app:</p>
      <div className="totp-setup__secret">
        <code>{grouped(setup.secret)}</code>
        <CopyButton text={setup.secret} label="Copiar clave" copied="Clave copiada" />
      </div>
      <p>
        <a href={setup.uri}>Abrir en una app de este dispositivo</a>
      </p>
      <form className="account-form" onSubmit={submit} noValidate>
        <FormField id="totp-setup-code" label="Código de 6 dígitos" error={error}>
          <input
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            maxLength={12}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Confirmando…' : 'Confirmar'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </div>
  );
}
