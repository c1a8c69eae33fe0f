// What an advertiser sees of their own identity verification: the latest request's state and, after a rejection, why.
import type { Knex } from 'knex';
import { latestVerificationRequest } from '#db/queries/advertiser-verification.ts';
import type { OwnVerification, OwnVerificationStatus, VerificationSubmitted } from '#shared/contracts/advertiser/verification.ts';
import type { VerificationStatus } from '#shared/contracts/staff/verification.ts';

export async function latestVerification(db: Knex, advertiserId: number): Promise<OwnVerification | null> {
  const request = await latestVerificationRequest(db, advertiserId);
  if (!request) return null;
  return {
    method: request.method,
    status: request.status,
    reason: request.reason,
    submittedAt: request.submittedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    documentsDeletedAt: request.documentsPurgedAt?.toISOString() ?? null,
  };
}

/** The account's verification state, with the latest request. */
export async function ownVerificationStatus(
  db: Knex,
  advertiser: { id: number; verificationStatus: VerificationStatus },
): Promise<OwnVerificationStatus> {
  return { verificationStatus: advertiser.verificationStatus, latest: await latestVerification(db, advertiser.id) };
}

export const verificationSubmitted = (): VerificationSubmitted => ({ success: true, verificationStatus: 'pending' });
