// Arrepentimientos in Pagos (decision 068): the "Botón de arrepentimiento" requests, and marking one refunded once
// staff returned the money by hand (audited).
import type { Knex } from 'knex';
import { listRevocations, markRevocationRefunded } from '#db/queries/revocations.ts';
import type { RevocationItem } from '#shared/contracts/staff/revocations.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export function revocations(db: Knex): Promise<RevocationItem[]> {
  return listRevocations(db);
}

export async function markRefunded(db: Knex, actor: StaffActor, id: number, now = new Date()): Promise<void> {
  await staffAction(db, actor, { action: 'revocation_refunded', targetType: 'revocation_request', targetId: id }, async (trx) => {
    if (await markRevocationRefunded(trx, id, actor.admin.id, now)) return;
    const exists = await trx('revocation_requests').where('id', id).first('id');
    throw refuse(exists ? 'revocation_not_pending' : 'revocation_missing');
  });
}
