// Advertisers as the panel's "suscriptores": identity, verification, and whether they have a live ad and plan.
import type { Knex } from 'knex';

export interface Subscriber {
  id: number;
  fullName: string;
  email: string;
  dni: string | null;
  category: string | null;
  verificationStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
  subscriptionStatus: 'active' | 'inactive';
  subscriptionPlan: string;
  createdAt: string;
}

export async function listSubscribers(db: Knex, now = new Date()): Promise<Subscriber[]> {
  const rows = await db('advertisers as a')
    .leftJoin('ads', 'ads.advertiser_id', 'a.id')
    .groupBy('a.id', 'a.full_name', 'a.email', 'a.dni', 'a.verification_status', 'a.created_at')
    .select(
      'a.id',
      'a.full_name',
      'a.email',
      'a.dni',
      'a.verification_status',
      'a.created_at',
      db.raw('min(ads.category) as category'),
      db.raw(`sum(case when ads.state = 'published' then 1 else 0 end) as published`),
      db.raw(`sum(case when ads.state = 'published' and ads.plan = 'vip' and ads.plan_expires_at > ? then 1 else 0 end) as vip`, [now]),
      db.raw(`sum(case when ads.state = 'published' and ads.plan = 'premium' and ads.plan_expires_at > ? then 1 else 0 end) as premium`, [now]),
    )
    // Pending verifications first: they are what staff act on.
    .orderByRaw(`case when a.verification_status = 'pending' then 0 else 1 end`)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc');
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    dni: r.dni,
    category: r.category,
    verificationStatus: r.verification_status,
    subscriptionStatus: Number(r.published) > 0 ? 'active' : 'inactive',
    subscriptionPlan: Number(r.vip) > 0 ? 'vip' : Number(r.premium) > 0 ? 'premium' : '',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** pending -> verified | rejected. 'missing' for an unknown id, 'not_pending' when there is nothing to decide. */
export async function decideVerification(
  db: Knex,
  id: number,
  decision: 'verified' | 'rejected',
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_pending'> {
  const changed = await db('advertisers')
    .where({ id, verification_status: 'pending' })
    .update({ verification_status: decision, verified_at: decision === 'verified' ? now : null, updated_at: now });
  if (changed) return 'ok';
  return (await db('advertisers').where('id', id).first('id')) ? 'not_pending' : 'missing';
}
