// An advertiser's identity verification in the database: the latest request, the account's status, and a new
// request with its stored documents.
import type { Knex } from 'knex';
import { Advertiser, IdentityDocument, VerificationRequest } from '#db/models/index.ts';

/** The advertiser's latest identity verification request (core/verification/own-verification.ts presents it). */
export async function latestVerificationRequest(db: Knex, advertiserId: number): Promise<VerificationRequest | null> {
  return (await VerificationRequest.query(db).where('advertiser_id', advertiserId).orderBy('id', 'desc').first()) ?? null;
}

export async function verificationStatusOf(db: Knex, advertiserId: number): Promise<string | null> {
  const account = await Advertiser.query(db).findById(advertiserId).select('verification_status');
  return account?.verificationStatus ?? null;
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
    gender: VerificationRequest['gender'];
    documents: { kind: IdentityDocument['kind']; fileKey: string; bytes: number }[];
  },
  now: Date,
): Promise<{ requestId: number } | 'already_pending'> {
  return db.transaction(async (trx) => {
    // The status moves first (a write, then the rest): a second submission racing this one finds nothing to move.
    const moved = await Advertiser.query(trx)
      .findById(input.advertiserId)
      .whereIn('verification_status', ['unverified', 'rejected'])
      .patch({ verificationStatus: 'pending', updatedAt: now });
    if (!moved) return 'already_pending';
    const { documents, ...identity } = input;
    const request = await VerificationRequest.query(trx).insert({ ...identity, status: 'pending', submittedAt: now });
    for (const d of documents) await IdentityDocument.query(trx).insert({ requestId: request.id, ...d, createdAt: now });
    return { requestId: request.id };
  });
}
