// Staff hear at once when an account's password was right but its second step failed again and again: someone may
// know that password (decision 069). The alert is stored for the panel; the route mails it too.
import type { Knex } from 'knex';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import type { NamedOwner } from './owners.ts';
import { CODE_FAILURES_PER_STEP } from './sign-in-flow.ts';

/** Stores the alert; returns its message. */
export async function secondStepFailedAlert(db: Knex, owner: NamedOwner, now: Date): Promise<string> {
  const who = owner.kind === 'staff' ? `del panel «${owner.name.slice(0, 64)}»` : `de un anunciante (n.º ${owner.id})`;
  const message = `La contraseña de la cuenta ${who} fue correcta, pero el segundo paso falló ${CODE_FAILURES_PER_STEP} veces seguidas: alguien puede conocer esa contraseña.`;
  await createStaffAlert(db, { kind: 'login_attack', permission: null, message }, now);
  return message;
}
