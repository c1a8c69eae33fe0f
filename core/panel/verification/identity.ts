// Identity verification from the panel: an advertiser's pending request (what they declared and which documents
// they sent), a document decrypted for one view (every view audited), and the decision.
import type { Knex } from 'knex';
import { advertiserExists } from '#db/queries/admin/subscribers.ts';
import {
  decideVerification as decide,
  identityDocument,
  pendingVerification,
  type Decision,
  type PendingVerification as PendingRow,
} from '#db/queries/admin/verifications.ts';
import type { PendingVerification, VerificationRequestAnswer } from '#shared/contracts/staff/verification.ts';
import type { SealedFiles } from '../files.ts';
import { refuse } from '#core/refusals.ts';
import { recordStaffView, staffAction, type StaffActor, type StaffActionEntry } from '../staff-action.ts';

export type { Decision };

const subscriberMissing = () => refuse('subscriber_missing');

export function presentPendingVerification(row: PendingRow): PendingVerification {
  return {
    method: row.method,
    fullName: row.fullName,
    birthDate: row.birthDate,
    dni: row.dni,
    tramite: row.tramite,
    gender: row.gender,
    documents: row.documents.map((d) => ({ id: d.id, kind: d.kind })),
  };
}

/** The advertiser's request waiting for a decision ({ request: null } when there is none). */
export async function verificationRequestOf(db: Knex, advertiserId: number): Promise<VerificationRequestAnswer> {
  if (!(await advertiserExists(db, advertiserId))) throw subscriberMissing();
  const pending = await pendingVerification(db, advertiserId);
  return { request: pending ? presentPendingVerification(pending) : null };
}

/** pending -> verified | rejected (the reason is kept: the advertiser reads it), with its audit row. */
export async function decideVerification(db: Knex, actor: StaffActor, advertiserId: number, decision: Decision): Promise<void> {
  const details = decision.decision === 'rejected' ? { reason: decision.reason } : undefined;
  const entry: StaffActionEntry = { action: `subscriber_${decision.decision}`, targetType: 'advertiser', targetId: advertiserId, details };
  await staffAction(db, actor, entry, async (trx) => {
    const result = await decide(trx, { advertiserId, adminId: actor.admin.id, ...decision });
    if (result === 'missing') throw subscriberMissing();
    if (result === 'not_pending') throw refuse('verification_not_pending');
  });
}

/** An identity document's image, decrypted for this view only; the view is in the audit log. */
export async function viewIdentityDocument(deps: { db: Knex; files: SealedFiles }, actor: StaffActor, id: number): Promise<Buffer> {
  const doc = await identityDocument(deps.db, id);
  if (!doc) throw refuse('document_missing');
  const image = await deps.files.read(doc.fileKey);
  await recordStaffView(deps.db, actor, {
    action: 'identity_document_viewed',
    targetType: 'identity_document',
    targetId: id,
    details: { kind: doc.kind, requestId: doc.requestId },
  });
  return image;
}
