// Suscriptores: every advertiser with their verification and subscription, as staff with the subscribers
// permission see them. The DNI is masked here (only the identity check shows it in full, where staff compare it with
// the documents: docs/decisions/066-identity-retention-and-dni-masking.md).
import type { Knex } from 'knex';
import { maskDni } from '#shared/dni-mask.ts';
import { listSubscribers, type Subscriber } from '#db/queries/admin/subscribers.ts';
import type { SubscriberItem } from '#shared/contracts/staff/verification.ts';

export function presentSubscriber(row: Subscriber): SubscriberItem {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    dni: maskDni(row.dni),
    category: row.category,
    verificationStatus: row.verificationStatus,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
  };
}

export async function subscribers(db: Knex, now = new Date()): Promise<SubscriberItem[]> {
  return (await listSubscribers(db, now)).map(presentSubscriber);
}
