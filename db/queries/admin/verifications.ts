// Staff decisions on identity verification: the advertiser's pending request (claim and documents) and
// approve / reject. Approving copies the verified name, birth date and DNI onto the advertiser; rejecting
// keeps the reason, which the advertiser sees.
import type { Knex } from 'knex';

export interface PendingVerification {
  requestId: number;
  method: 'renaper' | 'manual';
  fullName: string;
  birthDate: string;
  dni: string | null;
  tramite: string | null;
  gender: 'M' | 'F' | 'X' | null;
  submittedAt: string;
  documents: { id: number; kind: 'dni_front' | 'dni_back' | 'selfie' }[];
}

const DOCUMENT_ORDER = { dni_front: 0, dni_back: 1, selfie: 2 } as const;

/** The advertiser's request waiting for a decision, or null. */
export async function pendingVerification(db: Knex, advertiserId: number): Promise<PendingVerification | null> {
  const request = await db('verification_requests').where({ advertiser_id: advertiserId, status: 'pending' }).orderBy('id', 'desc').first();
  if (!request) return null;
  const documents = (await db('identity_documents').where('request_id', request.id).select('id', 'kind')).sort(
    (a, b) => DOCUMENT_ORDER[a.kind as keyof typeof DOCUMENT_ORDER] - DOCUMENT_ORDER[b.kind as keyof typeof DOCUMENT_ORDER],
  );
  return {
    requestId: request.id,
    method: request.method,
    fullName: request.full_name,
    birthDate: String(request.birth_date instanceof Date ? request.birth_date.toISOString() : request.birth_date).slice(0, 10),
    dni: request.dni,
    tramite: request.tramite,
    gender: request.gender,
    submittedAt: new Date(request.submitted_at).toISOString(),
    documents,
  };
}

export type Decision = { decision: 'verified' } | { decision: 'rejected'; reason: string };

/** pending -> verified | rejected, with its request. 'missing' for an unknown id, 'not_pending' when there is nothing to decide. */
export async function decideVerification(
  db: Knex,
  input: { advertiserId: number; adminId: number } & Decision,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_pending'> {
  return db.transaction(async (trx) => {
    // The status moves first (a write opens the transaction); a second decision racing this one finds nothing.
    const changed = await trx('advertisers')
      .where({ id: input.advertiserId, verification_status: 'pending' })
      .update({ verification_status: input.decision, verified_at: input.decision === 'verified' ? now : null, updated_at: now });
    if (!changed) return (await trx('advertisers').where('id', input.advertiserId).first('id')) ? 'not_pending' : 'missing';
    const request = await trx('verification_requests')
      .where({ advertiser_id: input.advertiserId, status: 'pending' })
      .orderBy('id', 'desc')
      .first();
    if (request) {
      await trx('verification_requests')
        .where('id', request.id)
        .update({
          status: input.decision === 'verified' ? 'approved' : 'rejected',
          reason: input.decision === 'rejected' ? input.reason : null,
          decided_at: now,
          decided_by: input.adminId,
        });
      if (input.decision === 'verified') {
        await trx('advertisers')
          .where('id', input.advertiserId)
          .update({ full_name: request.full_name, birth_date: request.birth_date, ...(request.dni ? { dni: request.dni } : {}) });
      }
    }
    return 'ok';
  });
}

/** An identity document's stored file, for staff to view; null when there is none (or it was purged). */
export async function identityDocument(db: Knex, id: number): Promise<{ fileKey: string; kind: string; requestId: number } | null> {
  const row = await db('identity_documents').where('id', id).first('file_key', 'kind', 'request_id');
  return row ? { fileKey: row.file_key, kind: row.kind, requestId: Number(row.request_id) } : null;
}
