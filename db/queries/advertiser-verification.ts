// What an advertiser sees of their own verification: the latest request's state and, after a rejection, why.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';

export interface OwnVerification {
  method: 'renaper' | 'manual';
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
}

export async function latestVerification(db: Knex, advertiserId: number): Promise<OwnVerification | null> {
  const row = await db('verification_requests')
    .where('advertiser_id', advertiserId)
    .orderBy('id', 'desc')
    .first('method', 'status', 'reason', 'submitted_at', 'decided_at');
  if (!row) return null;
  return {
    method: row.method,
    status: row.status,
    reason: row.reason,
    submittedAt: new Date(row.submitted_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

export async function verificationStatusOf(db: Knex, advertiserId: number): Promise<string | null> {
  const row = await db('advertisers').where('id', advertiserId).first('verification_status');
  return row ? String(row.verification_status) : null;
}

/**
 * Records a submitted verification with its stored documents, and moves the advertiser to 'pending';
 * 'already_pending' when another submission got there first (nothing is written then).
 */
export async function recordVerificationRequest(
  db: Knex,
  input: {
    advertiserId: number;
    method: 'renaper' | 'manual';
    fullName: string;
    birthDate: string;
    dni: string | null;
    tramite: string | null;
    gender: string | null;
    documents: { kind: string; fileKey: string; bytes: number }[];
  },
  now: Date,
): Promise<{ requestId: number } | 'already_pending'> {
  return db.transaction(async (trx) => {
    // The status moves first (a write, then the rest): a second submission racing this one finds nothing to move.
    const moved = await trx('advertisers')
      .where('id', input.advertiserId)
      .whereIn('verification_status', ['unverified', 'rejected'])
      .update({ verification_status: 'pending', updated_at: now });
    if (!moved) return 'already_pending';
    const [row] = await trx('verification_requests')
      .insert({
        advertiser_id: input.advertiserId,
        method: input.method,
        full_name: input.fullName,
        birth_date: input.birthDate,
        dni: input.dni,
        tramite: input.tramite,
        gender: input.gender,
        status: 'pending',
        submitted_at: now,
      })
      .returning('id');
    const requestId = insertedId(row);
    await trx('identity_documents').insert(
      input.documents.map((d) => ({ request_id: requestId, kind: d.kind, file_key: d.fileKey, bytes: d.bytes, created_at: now })),
    );
    return { requestId };
  });
}
