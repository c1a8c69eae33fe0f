// Finding the published ads of a phone number ("¿Es de un aviso verificado?" in /verificar-anuncio) reads ads by
// their stored E.164 number: an index keeps that one lookup instead of a scan of every ad.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.index(['phone', 'state'], 'ads_phone_state_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropIndex(['phone', 'state'], 'ads_phone_state_index');
  });
}
