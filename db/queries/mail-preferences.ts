// An advertiser's choice of optional mail (shared/mail-preferences.ts): only the kinds turned off are stored
// (mail_opt_outs), so every kind is on until the advertiser turns it off, and a kind added later starts on.
import type { Knex } from 'knex';
import { Advertiser, MailOptOut } from '#db/models/index.ts';
import { deletedAccountEmail } from './advertiser-data.ts';
import { OPTIONAL_MAIL_KIND_VALUES, type MailPreferences, type OptionalMailKind } from '#shared/mail-preferences.ts';

export async function mailPreferences(db: Knex, advertiserId: number): Promise<MailPreferences> {
  const off = new Set((await MailOptOut.query(db).where('advertiser_id', advertiserId).select('kind')).map((r) => r.kind));
  return Object.fromEntries(OPTIONAL_MAIL_KIND_VALUES.map((kind) => [kind, !off.has(kind)])) as MailPreferences;
}

/** Whether this advertiser still wants mail of this kind. */
export async function wantsMail(db: Knex, advertiserId: number, kind: OptionalMailKind): Promise<boolean> {
  return !(await MailOptOut.query(db).findById([advertiserId, kind]).select('kind'));
}

/** Turns kinds on or off; the kinds left out keep their setting. Repeating a change changes nothing. */
export async function setMailPreferences(
  db: Knex,
  advertiserId: number,
  changes: Partial<MailPreferences>,
  now = new Date(),
): Promise<MailPreferences> {
  await db.transaction(async (trx) => {
    for (const kind of OPTIONAL_MAIL_KIND_VALUES) {
      if (changes[kind] === true) await MailOptOut.query(trx).deleteById([advertiserId, kind]);
      if (changes[kind] === false)
        await trx('mail_opt_outs')
          .insert({ advertiser_id: advertiserId, kind, created_at: now })
          .onConflict(['advertiser_id', 'kind'])
          .ignore();
    }
  });
  return mailPreferences(db, advertiserId);
}

/** Whether a preferences link names a live account: a deleted one (anonymised, advertiser-data.ts) has nothing to choose. */
export async function isLiveAccount(db: Knex, advertiserId: number): Promise<boolean> {
  return !!(await Advertiser.query(db).findById(advertiserId).whereNot('email', deletedAccountEmail(advertiserId)).select('id'));
}
