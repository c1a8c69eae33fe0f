// An advertiser's choice of optional mail in the database: only the kinds turned off are stored (mail_opt_outs). What
// that means (every kind on until turned off, a kind added later starting on) is core/mail-preferences/.
import type { Knex } from 'knex';
import { Advertiser, MailOptOut } from '#db/models/index.ts';
import { deletedAccountEmail } from './advertiser-data.ts';
import type { OptionalMailKind } from '#shared/mail-preferences.ts';

/** The kinds the advertiser turned off. */
export async function mailOptOuts(db: Knex, advertiserId: number): Promise<Set<OptionalMailKind>> {
  return new Set((await MailOptOut.query(db).where('advertiser_id', advertiserId).select('kind')).map((r) => r.kind));
}

export async function hasOptedOut(db: Knex, advertiserId: number, kind: OptionalMailKind): Promise<boolean> {
  return Boolean(await MailOptOut.query(db).findById([advertiserId, kind]).select('kind'));
}

/** Turns kinds off (`off`) and on again (`on`) in one transaction; repeating a change changes nothing. */
export async function saveMailOptOuts(
  db: Knex,
  advertiserId: number,
  change: { on: OptionalMailKind[]; off: OptionalMailKind[] },
  now: Date,
): Promise<void> {
  await db.transaction(async (trx) => {
    for (const kind of change.on) await MailOptOut.query(trx).deleteById([advertiserId, kind]);
    for (const kind of change.off)
      await MailOptOut.query(trx).insert({ advertiserId, kind, createdAt: now }).onConflict(['advertiser_id', 'kind']).ignore();
  });
}

/** Whether the advertiser's account is live: a deleted one (anonymised, advertiser-data.ts) has nothing to choose. */
export async function isLiveAccount(db: Knex, advertiserId: number): Promise<boolean> {
  return !!(await Advertiser.query(db).findById(advertiserId).whereNot('email', deletedAccountEmail(advertiserId)).select('id'));
}
