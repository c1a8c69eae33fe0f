// What an advertiser sees of their own verification: the latest request's state and, after a rejection, why.
import type { Knex } from 'knex';

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
