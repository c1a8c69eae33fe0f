// "App de autenticación" in "Seguridad": on ("Activada", "Quitar" confirmed) or set up here with the same form as
// at the staff's first sign-in.
import { useState } from 'react';
import type { TotpSetup } from '#shared/contracts/second-step.ts';
import { deleteStep, needsRecentSignIn, postStep } from '#site/lib/second-step-api.ts';
import BlockFeedback from './block-feedback.tsx';
import RemoveButton from './remove-button.tsx';
import TotpSetupForm from './totp-setup.tsx';
import { isLastFactor, type BlockProps } from './passkeys-block.tsx';

export default function AppBlock({ overview, action, level, onCodes }: BlockProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const Heading = `h${level}` as 'h2' | 'h3';
  const last = isLastFactor(overview) && overview.totp;
  // The button that had the focus goes away with the view; the title stays.
  const show = (next: TotpSetup | null) => {
    setSetup(next);
    document.getElementById('security-totp-title')?.focus();
  };

  const start = () =>
    void action.run('totp', async () => {
      show(await postStep<TotpSetup>(action.base, 'security/totp'));
      return null;
    });
  const remove = () =>
    action.run('totp', async () => {
      await deleteStep(action.base, 'security/totp');
      return 'Quitamos la app de autenticación.';
    });

  return (
    <section className="security__block" aria-labelledby="security-totp-title">
      <Heading id="security-totp-title" tabIndex={-1}>
        App de autenticación
      </Heading>
      {setup ? (
        <TotpSetupForm
          base={action.base}
          setup={setup}
          confirmPath="security/totp/confirm"
          onAdded={(added) =>
            void action.run('totp', async () => {
              show(null);
              if (added.recoveryCodes?.length) onCodes(added.recoveryCodes);
              return 'Activamos la app de autenticación.';
            })
          }
          onCancel={() => show(null)}
          takeError={(err) => {
            if (!needsRecentSignIn(err)) return false;
            action.fail('totp', err);
            return true;
          }}
        />
      ) : overview.totp ? (
        <div className="security__row">
          <p>
            <span className="badge security__on">Activada</span>
          </p>
          <RemoveButton
            what="la app de autenticación"
            question="¿Quitar la app de autenticación? Sus códigos van a dejar de servir para ingresar."
            busy={action.busy !== null}
            blockedBy={last ? 'security-last-totp' : undefined}
            onConfirm={remove}
          />
        </div>
      ) : (
        <div className="security__row">
          <p className="form-hint">Un código de 6 dígitos de una app de tu teléfono, que cambia cada 30 segundos.</p>
          <button type="button" className="btn btn-outline" disabled={action.busy !== null} onClick={start}>
            {action.busy === 'totp' ? 'Preparando…' : 'Configurar'}
          </button>
        </div>
      )}
      {last && !setup && (
        <p id="security-last-totp" className="form-hint">
          Es tu único segundo paso: para quitarla, primero agregá una passkey.
        </p>
      )}
      <BlockFeedback block="totp" action={action} />
    </section>
  );
}
