// "Protegé tu cuenta del panel": a staff member without a second factor sets one up after the password, before
// reaching the panel (a passkey, recommended, or an authenticator app); then the recovery codes, shown once.
import { useEffect, useRef, useState } from 'react';
import type { FactorAdded, TotpSetup } from '#shared/contracts/second-step.ts';
import { createPasskey, postStep, stepOver, stepProblem } from '#site/lib/second-step-api.ts';
import { useWebAuthnSupport } from './use-webauthn-support.ts';
import TotpSetupForm from './totp-setup.tsx';
import RecoveryCodes from './recovery-codes.tsx';

const BASE = '/api/admin';

interface FactorSetupProps {
  onDone: () => void;
  /** Back to the password form: chosen, or because the step is over (then with the server's reason). */
  onBack: (reason?: string) => void;
}

export default function FactorSetup({ onDone, onBack }: FactorSetupProps) {
  const [totp, setTotp] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<'passkey' | 'totp' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const added = (answer: FactorAdded) => (answer.recoveryCodes?.length ? setCodes(answer.recoveryCodes) : onDone());
  /** A step that is over goes back to the password form, with its reason. */
  function takeStepOver(err: unknown): boolean {
    if (!stepOver(err)) return false;
    onBack(err.message);
    return true;
  }
  function showTotp(setup: TotpSetup | null) {
    setTotp(setup);
    // The button that had the focus is gone; the title stays.
    heading.current?.focus();
  }

  async function choose(kind: 'passkey' | 'totp') {
    if (busy) return;
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'passkey') added(await createPasskey(BASE, 'login/setup/passkey/options', 'login/setup/passkey'));
      else showTotp(await postStep<TotpSetup>(BASE, 'login/setup/totp'));
    } catch (err) {
      if (!takeStepOver(err)) setProblem(stepProblem(err, 'create'));
    } finally {
      setBusy(null);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} headingLevel={1} onContinue={onDone} />;
  return (
    <section className="second-step" aria-labelledby="factor-setup-title">
      <h1 id="factor-setup-title" ref={heading} tabIndex={-1}>
        Protegé tu cuenta del panel
      </h1>
      {totp ? (
        <TotpSetupForm
          base={BASE}
          setup={totp}
          confirmPath="login/setup/totp/confirm"
          onAdded={added}
          onCancel={() => showTotp(null)}
          takeError={takeStepOver}
        />
      ) : (
        <FactorChoices busy={busy} problem={problem} onChoose={(kind) => void choose(kind)} onBack={() => onBack()} />
      )}
    </section>
  );
}

interface FactorChoicesProps {
  busy: 'passkey' | 'totp' | null;
  problem: string | null;
  onChoose: (kind: 'passkey' | 'totp') => void;
  onBack: () => void;
}

function FactorChoices({ busy, problem, onChoose, onBack }: FactorChoicesProps) {
  const supported = useWebAuthnSupport();
  return (
    <>
      <p className="second-step__lead">
        El panel pide un segundo paso al ingresar, además de tu contraseña. Elegí cómo vas a hacerlo desde ahora:
      </p>
      <ul className="factor-choices">
        <li>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!supported || busy !== null}
            aria-describedby="factor-passkey-hint"
            onClick={() => onChoose('passkey')}
          >
            {busy === 'passkey' ? 'Creando la passkey…' : 'Crear una passkey'}
          </button>
          <p id="factor-passkey-hint" className="form-hint">
            {supported
              ? 'Recomendado: usa el bloqueo de pantalla de este dispositivo (huella, rostro o PIN).'
              : 'Este navegador no permite crear passkeys.'}
          </p>
        </li>
        <li>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy !== null}
            aria-describedby="factor-totp-hint"
            onClick={() => onChoose('totp')}
          >
            {busy === 'totp' ? 'Preparando…' : 'Usar una app de autenticación'}
          </button>
          <p id="factor-totp-hint" className="form-hint">
            Un código de 6 dígitos de una app de tu teléfono, que cambia cada 30 segundos.
          </p>
        </li>
      </ul>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="second-step__actions">
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Volver
        </button>
      </div>
    </>
  );
}
