// The link to an advertiser's mail preferences at the end of every mail about their ads (decision 035): the page it
// opens, the one-click unsubscribe address, and the mail's footer and headers. Its token is
// core/mail-preferences/preferences-link.ts.
import type { Knex } from 'knex';
import type { Mail } from '#core/mail/mail.ts';
import { preferencesToken } from '#core/mail-preferences/preferences-link.ts';
import type { OptionalMailKind } from '#shared/mail-preferences.ts';

/** The page a mailed link opens, without signing in (the account's own is /mi-cuenta/correos). */
export const MAIL_PREFERENCES_PAGE = '/preferencias-de-correo';
/** RFC 8058's one-click address: a POST there turns one kind off. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/mail-preferences/unsubscribe';

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
