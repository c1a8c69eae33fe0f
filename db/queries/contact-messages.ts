// The contact form's messages: written by visitors, read and marked answered by staff.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';
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
  const [row] = await db('contact_messages')
    .insert({ ...input, status: 'open', created_at: now })
    .returning('id');
  return insertedId(row);
}

export async function listContactMessages(db: Knex, status: ContactMessage['status'], limit = 300): Promise<ContactMessage[]> {
  const rows = await db('contact_messages')
    .where('status', status)
    .orderBy('created_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    topic: r.topic,
    message: r.message,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function markAnswered(db: Knex, id: number, adminId: number, now = new Date()): Promise<'ok' | 'missing' | 'answered'> {
  const moved = await db('contact_messages')
    .where({ id, status: 'open' })
    .update({ status: 'answered', answered_at: now, answered_by: adminId });
  if (moved) return 'ok';
  return (await db('contact_messages').where('id', id).first('id')) ? 'answered' : 'missing';
}
