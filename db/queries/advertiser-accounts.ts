// Advertiser accounts as the rest of the code sees them.
import type { Knex } from 'knex';

export interface SignedInAdvertiser {
  id: number;
  email: string;
  fullName: string;
  verificationStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
}

export async function signedInAdvertiser(db: Knex, id: number): Promise<SignedInAdvertiser | null> {
  const row = await db('advertisers').where('id', id).first('id', 'email', 'full_name', 'verification_status');
  return row ? { id: Number(row.id), email: row.email, fullName: row.full_name, verificationStatus: row.verification_status } : null;
}
