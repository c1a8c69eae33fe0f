// "Confirmá que sos vos": the step after a right password, for staff and advertisers. A passkey first (when the
// account has one and the browser can use it), then the app's code, or a recovery code. A step that is over (too
// many wrong codes, or more than 10 minutes) goes back to the password form with the server's reason.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { SecondStepMethods } from '#shared/contracts/second-step.ts';
import { ApiError } from '#site/lib/api-client.ts';
import { cleanCode, postStep, provePasskey, stepOver, stepProblem, type AccountBase } from '#site/lib/second-step-api.ts';
import FormField from '#site/islands/forms/form-field.tsx';
import { useWebAuthnSupport } from './use-webauthn-support.ts';

/** Recovery codes are 19 characters with their dashes; a pasted one may carry spaces around it. */
const CODE_MAX_LENGTH = 24;

interface SecondStepFormProps {
  base: AccountBase;
  methods: SecondStepMethods;
  /** 1 where the step replaces the page's form (the staff login), 2 inside a card with its own title. */
  headingLevel: 1 | 2;
  onDone: () => void;
  /** Back to the password form: chosen, or because the step is over (then with the server's reason). */
  onBack: (reason?: string) => void;
}

export default function SecondStepForm({ base, methods, headingLevel, onDone, onBack }: SecondStepFormProps) {
  // The app's code when there is an app; a recovery code at once when it is the only way left on this browser.
  const [mode, setMode] = useState<'app' | 'recovery' | null>(() =>
    methods.totp ? 'app' : methods.recovery && !(methods.passkey && browserSupportsWebAuthn()) ? 'recovery' : null,
  );
  const [switched, setSwitched] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  useEffect(() => heading.current?.focus(), []);

  function switchMode() {
    setMode(mode === 'recovery' ? 'app' : 'recovery');
    setSwitched(true);
  }

  return (
    <section className="second-step" aria-labelledby="second-step-title">
      <Heading id="second-step-title" ref={heading} tabIndex={-1}>
        Confirmá que sos vos
      </Heading>
      <p className="second-step__lead">La contraseña es correcta. Falta un paso más para ingresar.</p>
      {methods.passkey && <PasskeyChoice base={base} onDone={onDone} onBack={onBack} />}
      {mode && <CodeForm key={mode} base={base} recovery={mode === 'recovery'} focus={switched} onDone={onDone} onBack={onBack} />}
      <div className="second-step__actions">
        {methods.recovery && (mode !== 'recovery' || methods.totp) && (
          <button type="button" className="link-button" onClick={switchMode}>
            {mode === 'recovery' ? 'Usar el código de la app' : 'Usar un código de recuperación'}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={() => onBack()}>
          Volver
        </button>
      </div>
    </section>
  );
}

function PasskeyChoice(props: { base: AccountBase; onDone: () => void; onBack: (reason?: string) => void }) {
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await provePasskey(props.base, 'login/passkey/options', 'login/passkey');
      props.onDone();
    } catch (err) {
      if (stepOver(err)) return props.onBack(err.message);
      setProblem(stepProblem(err));
      setBusy(false);
    }
  }

  if (!supported) return <p className="form-hint">Este navegador no permite usar passkeys.</p>;
  return (
    <div className="second-step__passkey">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-describedby={problem ? 'second-step-passkey-error' : undefined}
        onClick={() => void signIn()}
      >
        {busy ? 'Esperando la passkey…' : 'Usar una passkey'}
      </button>
      {problem && (
        <p id="second-step-passkey-error" className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

interface CodeFormProps {
  base: AccountBase;
  recovery: boolean;
  /** Focus the field when shown (after switching between the app's code and a recovery code). */
  focus: boolean;
  onDone: () => void;
  onBack: (reason?: string) => void;
}

function CodeForm({ base, recovery, focus, onDone, onBack }: CodeFormProps) {
  const id = recovery ? 'second-step-recovery' : 'second-step-code';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refuse = (message: string) => {
    setError(message);
    document.getElementById(id)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = cleanCode(code);
    if (!typed) return refuse(recovery ? 'Escribí uno de tus códigos de recuperación.' : 'Escribí el código de 6 dígitos de tu app.');
    setBusy(true);
    setError(undefined);
    try {
      await postStep(base, 'login/code', { code: typed });
      onDone();
    } catch (err) {
      if (stepOver(err)) return onBack(err.message);
      // The field's own reason when the server names it (the message without the field's name).
      refuse(err instanceof ApiError ? err.detail : stepProblem(err));
      setBusy(false);
    }
  }

  return (
    <form className="account-form second-step__code" onSubmit={submit} noValidate>
      <FormField id={id} label={recovery ? 'Código de recuperación' : 'Código de tu app de autenticación'} error={error}>
        <input
          name="code"
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize={recovery ? 'characters' : 'off'}
          spellCheck={false}
          maxLength={CODE_MAX_LENGTH}
          autoFocus={focus}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Verificando…' : 'Confirmar'}
      </button>
    </form>
  );
}
