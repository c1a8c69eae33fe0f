// "Seguridad", for staff (the panel's section) and advertisers (Mi cuenta): passkeys, the authenticator app,
// recovery codes, the advertiser's choice of a second step, and the sessions. Every change loads the overview
// again; new recovery codes take the block's place until they are kept.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { AccountBase } from '#site/lib/second-step-api.ts';
import { $security, ensureSecurity, reloadSecurity } from '#site/stores/security.ts';
import { useSecurityAction } from './use-security-action.ts';
import PasskeysBlock from './passkeys-block.tsx';
import AppBlock from './app-block.tsx';
import { RecoveryBlock, SecondStepSwitch } from './recovery-block.tsx';
import SessionsBlock from './sessions-block.tsx';
import RecoveryCodes from './recovery-codes.tsx';

interface SecuritySettingsProps {
  base: AccountBase;
  /** The level of the blocks' titles: 2 under the panel's h1, 3 under Mi cuenta's "Seguridad" h2. */
  level: 2 | 3;
  /** Changes when the page asks for fresh data (the panel's "Actualizar"). */
  reloadToken?: number;
}

export default function SecuritySettings({ base, level, reloadToken = 0 }: SecuritySettingsProps) {
  const { overview, problem } = useStore($security);
  const action = useSecurityAction(base);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (reloadToken > 0) void reloadSecurity(base);
    else ensureSecurity(base);
  }, [base, reloadToken]);

  function codesKept() {
    setCodes(null);
    // Back where the codes are counted (the button that made them is gone with the view that showed them).
    setTimeout(() => document.getElementById('security-recovery-title')?.focus(), 0);
  }

  if (codes) return <RecoveryCodes codes={codes} headingLevel={level} onContinue={codesKept} />;
  if (!overview)
    return problem ? (
      <div className="form-alert" role="alert">
        <p>{problem}</p>
        <p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void reloadSecurity(base)}>
            Reintentar
          </button>
        </p>
      </div>
    ) : (
      <p aria-live="polite">Cargando…</p>
    );

  const blocks = { overview, action, level, onCodes: setCodes };
  return (
    <div className="security">
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <PasskeysBlock {...blocks} />
      <AppBlock {...blocks} />
      <RecoveryBlock {...blocks} />
      {base === '/api/advertiser' && <SecondStepSwitch overview={overview} action={action} />}
      <SessionsBlock overview={overview} action={action} level={level} />
    </div>
  );
}
