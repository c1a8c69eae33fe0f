import { BaseModel } from '#db/models/base-model.ts';
import type { ContactTopic } from '#shared/contact-topics.ts';

/** A message sent through the contact form, answered by staff outside the site. */
export class ContactMessage extends BaseModel {
  static override tableName = 'contact_messages';
  static override timestampColumns = ['createdAt', 'answeredAt'];

  declare id: number;
  declare name: string | null;
  declare email: string;
  declare topic: ContactTopic;
  declare message: string;
  declare status: 'open' | 'answered';
  declare createdAt: Date;
  declare answeredAt: Date | null;
  declare answeredBy: number | null;
}
