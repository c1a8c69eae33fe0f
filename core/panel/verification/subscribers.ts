// Suscriptores: every advertiser with their verification and subscription, as staff with the subscribers
// permission see them (the DNI in full: it is what they compare with the documents).
import type { Knex } from 'knex';
import { listSubscribers, type Subscriber } from '#db/queries/admin/subscribers.ts';
import type { SubscriberItem } from '#shared/contracts/staff/verification.ts';

export function presentSubscriber(row: Subscriber): SubscriberItem {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    dni: row.dni,
    category: row.category,
    verificationStatus: row.verificationStatus,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
  };
}

export async function subscribers(db: Knex, now = new Date()): Promise<SubscriberItem[]> {
  return (await listSubscribers(db, now)).map(presentSubscriber);
}
