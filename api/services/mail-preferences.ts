// The link to an advertiser's mail preferences that every mail about their ads ends with (decision 035). It works
// without signing in: the token is an HMAC of the advertiser's id and this purpose with a server key
// (db/queries/server-keys.ts), so it opens that advertiser's preferences and nothing else, and a tampered one fails.
// It does not expire: the unsubscribe link of a mail must keep working as long as the mail is kept (RFC 8058).
// Deleting the key's row in settings (and restarting) voids every link at once.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Mail } from '#api/services/mail.ts';
import { serverKey } from '#db/queries/server-keys.ts';
import { isLiveAccount } from '#db/queries/mail-preferences.ts';
import type { OptionalMailKind } from '#shared/mail-preferences.ts';

/** The page a mailed link opens, without signing in (the account's own is /mi-cuenta/correos). */
export const MAIL_PREFERENCES_PAGE = '/preferencias-de-correo';
/** RFC 8058's one-click address: a POST there turns one kind off. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/mail-preferences/unsubscribe';

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

/**
 * Ends a mail about an advertiser's ads with its one link to their mail preferences. A mail of an optional kind
 * also carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), so that the mail program's own "unsubscribe"
 * turns that kind off with one POST; mail that is always sent carries only the link.
 */
export async function withPreferencesLink(
  db: Knex,
  mail: Mail,
  options: { advertiserId: number; siteOrigin: string; kind?: OptionalMailKind },
): Promise<Mail> {
  const token = await preferencesToken(db, options.advertiserId);
  const link = `${options.siteOrigin}${MAIL_PREFERENCES_PAGE}?token=${token}`;
  const footer = `\n\n--\nElegí qué correos de Velada querés recibir:\n${link}`;
  const headers = options.kind
    ? {
        'List-Unsubscribe': `<${options.siteOrigin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}&kind=${options.kind}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { ...mail, text: `${mail.text}${footer}`, ...(headers ? { headers: { ...mail.headers, ...headers } } : {}) };
}
