// The link to an advertiser's mail preferences that every mail about their ads ends with (decision 035). It works
// without signing in: the token is an HMAC of the advertiser's id and this purpose with a server key
// (db/queries/server-keys.ts), so it opens that advertiser's preferences and nothing else, and a tampered one fails.
// It does not expire: the unsubscribe link of a mail must keep working as long as the mail is kept (RFC 8058).
// Deleting the key's row in settings (and restarting) voids every link at once.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { serverKey } from '#db/queries/server-keys.ts';
import { isLiveAccount } from '#db/queries/mail-preferences.ts';
import type { MailPreferences } from '#shared/mail-preferences.ts';
import { mailPreferences } from './mail-preferences.ts';

const PURPOSE = 'mail-preferences';
const TOKEN = /^(\d{1,10})\.([\w-]{43})$/;

const mac = async (db: Knex, advertiserId: number) =>
  crypto
    .createHmac('sha256', await serverKey(db, 'mail_preferences_key'))
    .update(`${PURPOSE}:${advertiserId}`)
    .digest('base64url');

export async function preferencesToken(db: Knex, advertiserId: number): Promise<string> {
  return `${advertiserId}.${await mac(db, advertiserId)}`;
}

/** The advertiser a token was made for, or null when it was altered, is not one of ours or names a deleted account. */
export async function advertiserOfPreferencesToken(db: Knex, token: string | undefined | null): Promise<number | null> {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const advertiserId = Number(match[1]);
  const expected = Buffer.from(await mac(db, advertiserId));
  if (!crypto.timingSafeEqual(expected, Buffer.from(match[2]!))) return null;
  return (await isLiveAccount(db, advertiserId)) ? advertiserId : null;
}

/** The preferences a mailed link opens (/preferencias-de-correo?token=…); null when the link is not valid. */
export async function preferencesOfLink(db: Knex, token: string): Promise<MailPreferences | null> {
  const advertiserId = await advertiserOfPreferencesToken(db, token);
  return advertiserId ? mailPreferences(db, advertiserId) : null;
}
