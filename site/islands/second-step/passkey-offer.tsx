// Mi cuenta's offer of a passkey, for an account without one on a browser that can make it: "Crear passkey" or
// "Ahora no" (remembered in this browser). It reads the same overview as "Seguridad", which follows the change.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { createPasskey, needsRecentSignIn, signInAgain, stepProblem } from '#site/lib/second-step-api.ts';
import { readLocal, writeLocal } from '#site/lib/storage.ts';
import { $security, ensureSecurity, reloadSecurity } from '#site/stores/security.ts';
import { useWebAuthnSupport } from './use-webauthn-support.ts';
import RecoveryCodes from './recovery-codes.tsx';

const BASE = '/api/advertiser';
const DISMISSED_KEY = 'velada:oferta-passkey';

const unchanging = () => () => undefined;
/** Dismissed in this browser; taken as dismissed on the server, where there is no storage to read. */
const useStoredDismissal = () =>
  useSyncExternalStore(
    unchanging,
    () => readLocal(DISMISSED_KEY) === 'descartada',
    () => true,
  );

export default function PasskeyOffer() {
  const { overview } = useStore($security);
  const supported = useWebAuthnSupport();
  const storedDismissal = useStoredDismissal();
  const [dismissed, setDismissed] = useState(false);
  const [state, setState] = useState<{ busy: boolean; problem: unknown; codes: string[] | null; done: boolean }>({
    busy: false,
    problem: null,
    codes: null,
    done: false,
  });
  // Loaded by whichever island of the page opens first (this one or "Seguridad").
  useEffect(() => ensureSecurity(BASE), []);

  async function create() {
    setState({ ...state, busy: true, problem: null });
    try {
      const added = await createPasskey(BASE, 'security/passkeys/options', 'security/passkeys');
      setState({ busy: false, problem: null, codes: added.recoveryCodes?.length ? added.recoveryCodes : null, done: true });
      await reloadSecurity(BASE);
    } catch (err) {
      setState({ busy: false, problem: err, codes: null, done: false });
    }
  }

  function notNow() {
    writeLocal(DISMISSED_KEY, 'descartada');
    setDismissed(true);
  }

  if (state.codes) return <RecoveryCodes codes={state.codes} headingLevel={2} onContinue={() => setState({ ...state, codes: null })} />;
  const shown = state.done || (supported && !storedDismissal && !dismissed && overview?.passkeys.length === 0);
  if (!shown) return null;
  return (
    <aside className="passkey-offer" aria-label="Ingresar con passkey">
      {/* Always there, so that it is read when it fills; hidden (not removed) while empty. */}
      <p role="status" className={state.done ? undefined : 'visually-hidden'}>
        {state.done ? 'Listo: la próxima vez, elegí «Ingresar con passkey».' : ''}
      </p>
      {!state.done && (
        <>
          <p>Ingresá más rápido con una passkey: usá el bloqueo de pantalla de este dispositivo en lugar de la contraseña.</p>
          <div className="form-actions">
            <button type="button" className="btn btn-primary btn-small" disabled={state.busy} onClick={() => void create()}>
              {state.busy ? 'Creando la passkey…' : 'Crear passkey'}
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={notNow}>
              Ahora no
            </button>
          </div>
          {state.problem !== null && <OfferProblem problem={state.problem} />}
        </>
      )}
    </aside>
  );
}

function OfferProblem({ problem }: { problem: unknown }) {
  return (
    <div className="form-alert" role="alert">
      <p>{stepProblem(problem, 'create')}</p>
      {needsRecentSignIn(problem) && (
        <p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void signInAgain(BASE)}>
            Ingresar de nuevo
          </button>
        </p>
      )}
    </div>
  );
}
