// Mensajes: what visitors wrote in the contact form (open ones oldest first); staff answer by email and mark them.
import type { Knex } from 'knex';
import { listContactMessages, markAnswered, type ContactMessage } from '#db/queries/contact-messages.ts';
import type { ContactMessageItem, ContactMessageStatus } from '#shared/contracts/staff/reports.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export function presentContactMessage(row: ContactMessage): ContactMessageItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt,
  };
}

export async function contactMessages(db: Knex, status: ContactMessageStatus): Promise<ContactMessageItem[]> {
  return (await listContactMessages(db, status)).map(presentContactMessage);
}

export async function markMessageAnswered(db: Knex, actor: StaffActor, id: number): Promise<void> {
  await staffAction(db, actor, { action: 'message_answered', targetType: 'contact_message', targetId: id }, async (trx) => {
    const result = await markAnswered(trx, id, actor.admin.id);
    if (result === 'missing') throw refuse('message_missing');
    if (result === 'answered') throw refuse('message_already_answered');
  });
}
