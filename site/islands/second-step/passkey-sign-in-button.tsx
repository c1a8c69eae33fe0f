// "Ingresar con passkey": an advertiser signs in with a passkey alone, no email or password, where the browser can.
import { useState } from 'react';
import { provePasskey, stepProblem } from '#site/lib/second-step-api.ts';
import { useWebAuthnSupport } from './use-webauthn-support.ts';

interface PasskeySignInButtonProps {
  onDone: () => void;
  /** Why it did not work (null when trying again). */
  onProblem: (message: string | null) => void;
}

export default function PasskeySignInButton({ onDone, onProblem }: PasskeySignInButtonProps) {
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    if (busy) return;
    setBusy(true);
    onProblem(null);
    try {
      await provePasskey('/api/advertiser', 'passkey/options', 'passkey/sign-in');
      onDone();
    } catch (err) {
      onProblem(stepProblem(err));
      setBusy(false);
    }
  }

  if (!supported) return null;
  return (
    <button type="button" className="btn btn-outline account-passkey" disabled={busy} onClick={() => void signIn()}>
      {busy ? 'Esperando la passkey…' : 'Ingresar con passkey'}
    </button>
  );
}
