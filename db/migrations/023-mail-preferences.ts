// Mail to advertisers about their ads (docs/decisions/035-advertiser-mail.md): the optional kinds an advertiser
// turned off, and which expiry notices were sent, so that a job run every few minutes on every process mails each
// listing end once.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  // Only what was turned off is stored: an advertiser with no row gets every kind.
  await db.schema.createTable('mail_opt_outs', (t) => {
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE');
    t.string('kind', 32).notNullable(); // shared/mail-preferences.ts: ad_published | ad_expiry
    t.timestamp('created_at').notNullable();
    t.primary(['advertiser_id', 'kind']);
  });
  // One row per notice about one listing end (ends_at = the ads.expires_at it was about): a renewed listing has a
  // new end, so it gets its own notices.
  await db.schema.createTable('ad_mail_notices', (t) => {
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // expiring | expired
    t.timestamp('ends_at').notNullable();
    t.timestamp('sent_at').notNullable();
    t.primary(['ad_id', 'kind', 'ends_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('ad_mail_notices');
  await db.schema.dropTableIfExists('mail_opt_outs');
}
