// An advertiser's choice of optional mail (decision 035, shared/mail-preferences.ts): every kind is on until the
// advertiser turns it off, and a kind added later starts on. Mail about their ads asks wantsMail before it is sent.
import type { Knex } from 'knex';
import { hasOptedOut, mailOptOuts, saveMailOptOuts } from '#db/queries/mail-preferences.ts';
import {
  OPTIONAL_MAIL_KIND_VALUES,
  type MailPreferences,
  type MailPreferencesView,
  type OptionalMailKind,
} from '#shared/mail-preferences.ts';

export async function mailPreferences(db: Knex, advertiserId: number): Promise<MailPreferences> {
  const off = await mailOptOuts(db, advertiserId);
  return Object.fromEntries(OPTIONAL_MAIL_KIND_VALUES.map((kind) => [kind, !off.has(kind)])) as MailPreferences;
}

/** Whether this advertiser still wants mail of this kind. */
export async function wantsMail(db: Knex, advertiserId: number, kind: OptionalMailKind): Promise<boolean> {
  return !(await hasOptedOut(db, advertiserId, kind));
}

/** Turns kinds on or off; the kinds left out keep their setting. Answers the preferences as they are now. */
export async function setMailPreferences(
  db: Knex,
  advertiserId: number,
  changes: Partial<MailPreferences>,
  now = new Date(),
): Promise<MailPreferences> {
  const on = OPTIONAL_MAIL_KIND_VALUES.filter((kind) => changes[kind] === true);
  const off = OPTIONAL_MAIL_KIND_VALUES.filter((kind) => changes[kind] === false);
  await saveMailOptOuts(db, advertiserId, { on, off }, now);
  return mailPreferences(db, advertiserId);
}

export const presentPreferences = (preferences: MailPreferences): MailPreferencesView => ({ preferences });
