// Staff decisions on identity verification: the advertiser's pending request (claim and documents) and
// approve / reject. Approving copies the verified name, birth date and DNI onto the advertiser; rejecting
// keeps the reason, which the advertiser sees.
import type { Knex } from 'knex';
import { Advertiser, IdentityDocument, VerificationRequest } from '#db/models/index.ts';

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

const pendingRequest = (db: Knex, advertiserId: number) =>
  VerificationRequest.query(db).where({ advertiser_id: advertiserId, status: 'pending' }).orderBy('id', 'desc').first();

/** The advertiser's request waiting for a decision, or null. */
export async function pendingVerification(db: Knex, advertiserId: number): Promise<PendingVerification | null> {
  const request = await pendingRequest(db, advertiserId).withGraphFetched('documents(idAndKind)');
  if (!request) return null;
  return {
    requestId: request.id,
    method: request.method,
    fullName: request.fullName,
    birthDate: request.birthDate,
    dni: request.dni,
    tramite: request.tramite,
    gender: request.gender,
    submittedAt: request.submittedAt.toISOString(),
    documents: request.documents!.map(({ id, kind }) => ({ id, kind })).sort((a, b) => DOCUMENT_ORDER[a.kind] - DOCUMENT_ORDER[b.kind]),
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
    const advertiser = () => Advertiser.query(trx).findById(input.advertiserId);
    const changed = await advertiser()
      .where('verification_status', 'pending')
      .patch({ verificationStatus: input.decision, verifiedAt: input.decision === 'verified' ? now : null, updatedAt: now });
    if (!changed) return (await advertiser().select('id')) ? 'not_pending' : 'missing';
    const request = await pendingRequest(trx, input.advertiserId);
    if (request) {
      await request.$query(trx).patch({
        status: input.decision === 'verified' ? 'approved' : 'rejected',
        reason: input.decision === 'rejected' ? input.reason : null,
        decidedAt: now,
        decidedBy: input.adminId,
      });
      if (input.decision === 'verified') {
        await advertiser().patch({
          fullName: request.fullName,
          birthDate: request.birthDate,
          ...(request.dni ? { dni: request.dni } : {}),
        });
      }
    }
    return 'ok';
  });
}

/** An identity document's stored file, for staff to view; null when there is none (or it was purged). */
export async function identityDocument(db: Knex, id: number): Promise<{ fileKey: string; kind: string; requestId: number } | null> {
  const document = await IdentityDocument.query(db).findById(id).select('file_key', 'kind', 'request_id');
  return document ? { fileKey: document.fileKey, kind: document.kind, requestId: document.requestId } : null;
}
