// What an advertiser sees of their own identity verification: the latest request's state and, after a rejection, why.
import type { Knex } from 'knex';
import { latestVerificationRequest } from '#db/queries/advertiser-verification.ts';
import type { OwnVerification } from '#shared/contracts/advertiser/verification.ts';

export async function latestVerification(db: Knex, advertiserId: number): Promise<OwnVerification | null> {
  const request = await latestVerificationRequest(db, advertiserId);
  if (!request) return null;
  return {
    method: request.method,
    status: request.status,
    reason: request.reason,
    submittedAt: request.submittedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}
