// "Códigos de recuperación" in "Seguridad" (how many are left, new ones that replace them all), and the
// advertiser's choice of a second step at every password sign-in.
import { useId, useState } from 'react';
import { postStep, putStep } from '#site/lib/second-step-api.ts';
import BlockFeedback from './block-feedback.tsx';
import type { BlockProps } from './passkeys-block.tsx';

const codesLeft = (n: number) => (n === 0 ? 'No te queda ningún código.' : n === 1 ? 'Te queda 1 código.' : `Te quedan ${n} códigos.`);

export function RecoveryBlock({ overview, action, level, onCodes }: BlockProps) {
  const Heading = `h${level}` as 'h2' | 'h3';
  const hasFactor = overview.passkeys.length > 0 || overview.totp;
  const renew = () =>
    void action.run('recovery', async () => {
      const { recoveryCodes } = await postStep<{ recoveryCodes: string[] }>(action.base, 'security/recovery-codes');
      onCodes(recoveryCodes);
      return 'Generamos códigos nuevos. Los anteriores ya no sirven.';
    });

  return (
    <section className="security__block" aria-labelledby="security-recovery-title">
      <Heading id="security-recovery-title" tabIndex={-1}>
        Códigos de recuperación
      </Heading>
      {hasFactor ? (
        <>
          <p>{codesLeft(overview.recoveryCodesLeft)}</p>
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-outline"
              disabled={action.busy !== null}
              aria-describedby="security-recovery-hint"
              onClick={renew}
            >
              {action.busy === 'recovery' ? 'Generando…' : 'Generar códigos nuevos'}
            </button>
          </div>
          <p id="security-recovery-hint" className="form-hint">
            Los códigos que tenés ahora dejan de servir.
          </p>
        </>
      ) : (
        <p className="form-hint">Los vas a recibir cuando agregues una passkey o una app de autenticación.</p>
      )}
      <BlockFeedback block="recovery" action={action} />
    </section>
  );
}

/** Advertisers choose whether a password sign-in asks for a second step; it needs a passkey or the app first. */
export function SecondStepSwitch({ overview, action }: Pick<BlockProps, 'overview' | 'action'>) {
  const id = useId();
  // The box shows the choice at once; the overview confirms it (or puts it back) when the server answered.
  const [pending, setPending] = useState<boolean | null>(null);
  const possible = overview.passkeys.length > 0 || overview.totp;
  // Not disabled while a change runs (a disabled control loses the focus); a second change waits for the first.
  const locked = !possible && !overview.secondStep;
  function toggle(on: boolean) {
    if (action.busy) return;
    setPending(on);
    const done = action.run('second-step', async () => {
      await putStep(action.base, 'security/second-step', { on });
      return on
        ? 'Listo: al ingresar con tu contraseña te vamos a pedir un segundo paso.'
        : 'Listo: al ingresar con tu contraseña ya no te pedimos un segundo paso.';
    });
    void done.finally(() => setPending(null));
  }

  return (
    <section className="security__block" aria-label="Segundo paso al ingresar">
      <label className="check">
        <input
          type="checkbox"
          checked={pending ?? overview.secondStep}
          disabled={locked}
          aria-describedby={possible ? undefined : `${id}-hint`}
          onChange={(e) => toggle(e.target.checked)}
        />
        <span>Pedir un segundo paso al ingresar con contraseña</span>
      </label>
      {!possible && (
        <p id={`${id}-hint`} className="form-hint">
          Para activarlo, primero agregá una passkey o una app de autenticación.
        </p>
      )}
      <BlockFeedback block="second-step" action={action} />
    </section>
  );
}
