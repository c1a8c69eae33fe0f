// "Passkeys" in "Seguridad": each one with when it was created and last used, "Quitar" (confirmed), and
// "Agregar una passkey" on this device.
import { useState } from 'react';
import type { PasskeyListing, SecurityOverview } from '#shared/contracts/second-step.ts';
import { createPasskey, deleteStep } from '#site/lib/second-step-api.ts';
import { useWebAuthnSupport } from './use-webauthn-support.ts';
import type { SecurityAction } from './use-security-action.ts';
import BlockFeedback from './block-feedback.tsx';
import RemoveButton from './remove-button.tsx';
import { formatDayAndTime, formatShortDate } from './security-dates.ts';

export interface BlockProps {
  overview: SecurityOverview;
  action: SecurityAction;
  /** The level of the blocks' titles: 2 under the panel's h1, 3 under Mi cuenta's "Seguridad". */
  level: 2 | 3;
  /** New recovery codes came with the change: show them. */
  onCodes: (codes: string[]) => void;
}

/** Staff must keep one factor: the only one left cannot be removed. */
export const isLastFactor = (overview: SecurityOverview) =>
  overview.secondStepRequired && overview.passkeys.length + (overview.totp ? 1 : 0) === 1;

export default function PasskeysBlock({ overview, action, level, onCodes }: BlockProps) {
  const supported = useWebAuthnSupport();
  const [adding, setAdding] = useState(false);
  const Heading = `h${level}` as 'h2' | 'h3';
  const last = isLastFactor(overview) && overview.passkeys.length === 1;

  function add() {
    setAdding(true);
    const added = action.run(
      'passkeys',
      async () => {
        const answer = await createPasskey(action.base, 'security/passkeys/options', 'security/passkeys');
        if (answer.recoveryCodes?.length) onCodes(answer.recoveryCodes);
        return 'Agregamos la passkey.';
      },
      'create',
    );
    void added.finally(() => setAdding(false));
  }

  return (
    <section className="security__block" aria-labelledby="security-passkeys-title">
      <Heading id="security-passkeys-title" tabIndex={-1}>
        Passkeys
      </Heading>
      <p className="form-hint">Ingresás con el bloqueo de pantalla de tu dispositivo (huella, rostro o PIN), sin escribir códigos.</p>
      {overview.passkeys.length === 0 ? (
        <p>Todavía no creaste ninguna passkey.</p>
      ) : (
        <ul className="security__list">
          {overview.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} action={action} blockedBy={last ? 'security-last-passkey' : undefined} />
          ))}
        </ul>
      )}
      {last && (
        <p id="security-last-passkey" className="form-hint">
          Es tu único segundo paso: para quitarla, primero agregá otra passkey o una app de autenticación.
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-outline" disabled={!supported || action.busy !== null} onClick={add}>
          {adding ? 'Esperando la passkey…' : 'Agregar una passkey'}
        </button>
      </div>
      {!supported && <p className="form-hint">Este navegador no permite crear passkeys.</p>}
      <BlockFeedback block="passkeys" action={action} />
    </section>
  );
}

function PasskeyItem(props: { passkey: PasskeyListing; action: SecurityAction; blockedBy?: string }) {
  const { passkey, action } = props;
  const remove = () =>
    action.run('passkeys', async () => {
      await deleteStep(action.base, `security/passkeys/${passkey.id}`);
      return `Quitamos la passkey ${passkey.name}.`;
    });
  return (
    <li>
      <div className="security__item">
        <strong>{passkey.name}</strong>
        <span className="security__meta">
          Creada el {formatShortDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Último uso: ${formatDayAndTime(passkey.lastUsedAt)}` : 'Sin usar'}
        </span>
      </div>
      <RemoveButton
        what={`la passkey ${passkey.name}`}
        question={`¿Quitar la passkey ${passkey.name}? Ya no vas a poder usarla para ingresar.`}
        busy={action.busy !== null}
        blockedBy={props.blockedBy}
        onConfirm={remove}
      />
    </li>
  );
}
