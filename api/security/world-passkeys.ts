// Passkeys of the security tests' world (decision 069): one of the owner's, and two of the super admin's (so that
// removing one never removes a staff member's last factor). Rows only: no test signs in with them.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';

async function insertPasskey(db: Knex, ownerKind: 'staff' | 'advertiser', ownerId: number, now: Date): Promise<number> {
  const [row] = await db('passkeys')
    .insert({
      owner_kind: ownerKind,
      owner_id: ownerId,
      credential_id: crypto.randomBytes(16).toString('base64url'),
      public_key: crypto.randomBytes(77).toString('base64url'),
      sign_count: 0,
      name: 'Chrome en Linux',
      created_at: now,
    })
    .returning('id');
  return insertedId(row);
}

export async function seedPasskeys(db: Knex, owners: { ownerId: number; superAdminId: number }, now: Date) {
  const ownerPasskeyId = await insertPasskey(db, 'advertiser', owners.ownerId, now);
  const superPasskeyId = await insertPasskey(db, 'staff', owners.superAdminId, now);
  await insertPasskey(db, 'staff', owners.superAdminId, now);
  return { ownerPasskeyId, superPasskeyId };
}
