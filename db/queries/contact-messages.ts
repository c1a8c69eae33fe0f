// The contact form's messages: written by visitors, read and marked answered by staff.
import type { Knex } from 'knex';
import { ContactMessage as Message } from '#db/models/index.ts';
import type { ContactTopic } from '#shared/contact-topics.ts';

export interface ContactMessage {
  id: number;
  name: string | null;
  email: string;
  topic: ContactTopic;
  message: string;
  status: 'open' | 'answered';
  createdAt: string;
}

export async function saveContactMessage(
  db: Knex,
  input: { name: string | null; email: string; topic: ContactTopic; message: string },
  now = new Date(),
): Promise<number> {
  return (await Message.query(db).insert({ ...input, status: 'open', createdAt: now })).id;
}

export async function listContactMessages(db: Knex, status: ContactMessage['status'], limit = 300): Promise<ContactMessage[]> {
  const messages = await Message.query(db)
    .where('status', status)
    .orderBy('created_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(limit);
  return messages.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    topic: m.topic,
    message: m.message,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  }));
}

export async function markAnswered(db: Knex, id: number, adminId: number, now = new Date()): Promise<'ok' | 'missing' | 'answered'> {
  const moved = await Message.query(db)
    .findById(id)
    .where('status', 'open')
    .patch({ status: 'answered', answeredAt: now, answeredBy: adminId });
  if (moved) return 'ok';
  return (await Message.query(db).findById(id).select('id')) ? 'answered' : 'missing';
}
