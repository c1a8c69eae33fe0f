// Phones in international form (decisions: "Phone numbers"). Until now the ad form stored what was typed, less
// spaces and punctuation ('1155550123', '01115…', '+549…'), and the page turned it into a wrong international
// number. Each stored phone goes through the form's own reading (shared/phone.ts); what cannot be an Argentine
// number becomes null, as the form now refuses it. A phone already in E.164 reads back as itself, so running
// this again changes nothing.
import type { Knex } from 'knex';
import { normalizePhone } from '#shared/phone.ts';

const BATCH = 500;

export async function up(db: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; phone: string }[] = await db('ads')
      .whereNotNull('phone')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'phone');
    if (!rows.length) break;
    for (const { id, phone } of rows) {
      const e164 = normalizePhone(phone);
      if (e164 !== phone) await db('ads').where('id', id).update({ phone: e164 });
    }
    after = rows[rows.length - 1]!.id;
  }
}

// Nothing to undo: the typed forms are not kept, and the earlier code reads the E.164 form as it is (its form
// check and its page accept '+' and digits).
export async function down(_db: Knex): Promise<void> {}
