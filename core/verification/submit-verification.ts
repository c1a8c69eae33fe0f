// An advertiser's identity verification request: the claim and its documents (already re-encoded by the caller) are
// sealed in the vault and recorded; the request waits for staff and the advertiser's status becomes 'pending'. No
// sealed document stays behind without its row.
import type { Knex } from 'knex';
import { recordVerificationRequest, verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import type { Claim, DocumentKind } from '#shared/identity-claim.ts';
import { staffReview, type IdentityProvider } from './identity-provider.ts';
import { refuse } from '#core/refusals.ts';

/** Where identity documents are kept, encrypted (api/services/identity-vault.ts). */
export interface DocumentVault {
  /** Seals one document; its file key. */
  seal(jpeg: Buffer): Promise<string>;
  /** Removes documents sealed for a request that was not recorded. */
  discard(fileKeys: string[]): Promise<void>;
}

/** Refused when the identity is verified or under review already: checked again before the documents are read. */
export function checkMaySubmit(verificationStatus: string | null): void {
  if (verificationStatus === 'pending') throw refuse('verification_already_pending');
  if (verificationStatus === 'verified') throw refuse('already_verified');
}

export async function submitVerification(
  db: Knex,
  vault: DocumentVault,
  advertiserId: number,
  claim: Claim,
  documents: { kind: DocumentKind; jpeg: Buffer }[],
  options: { provider?: IdentityProvider; now?: Date } = {},
): Promise<{ requestId: number }> {
  const now = options.now ?? new Date();
  checkMaySubmit(await verificationStatusOf(db, advertiserId));
  await (options.provider ?? staffReview).check(claim);

  const stored: { kind: DocumentKind; fileKey: string; bytes: number }[] = [];
  try {
    for (const doc of documents) stored.push({ kind: doc.kind, fileKey: await vault.seal(doc.jpeg), bytes: doc.jpeg.length });
    const renaper = claim.method === 'renaper';
    const recorded = await recordVerificationRequest(
      db,
      {
        advertiserId,
        method: claim.method,
        fullName: claim.fullName,
        birthDate: claim.birthDate,
        dni: renaper ? claim.dni : null,
        tramite: renaper ? claim.tramite : null,
        gender: renaper ? claim.gender : null,
        documents: stored,
      },
      now,
    );
    if (recorded === 'already_pending') throw refuse('verification_already_pending');
    return recorded;
  } catch (err) {
    await vault.discard(stored.map((d) => d.fileKey));
    throw err;
  }
}
