// The end of every sign-in, whatever led to it (a password alone, a second step, a passkey, a first factor set up):
// the session with the browser's label, the browser remembered for the account (a random cookie, only its hash
// kept), and word of a browser the account never used before: a mail to the advertiser, a "Seguridad" alert to staff
// (staff accounts have no address of their own). Staff sign-ins are audited with how they were completed.
import type { Knex } from 'knex';
import { rememberDevice } from '#db/queries/sign-in-steps.ts';
import type { NamedOwner } from './owners.ts';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { hashToken, isPlausibleToken, newToken } from '#core/sessions/tokens.ts';
import { mailFailure, type Mailer } from '#core/mail/mail.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { formatLongDateTime } from '#shared/format.ts';
import { newDeviceMail } from './mails.ts';

export interface CompletionDeps {
  db: Knex;
  mailer: Mailer;
  siteOrigin: string;
  staffAlertEmail: string | undefined;
}

export type SignInMethod = 'password' | 'passkey' | 'totp' | 'recovery' | 'setup';

export interface Browser {
  /** "Chrome en Linux" (shared/device-label.ts). */
  device: string;
  /** The browser's device cookie, when it has one. */
  deviceToken: string | undefined;
  ip: string;
}

/** Makes the session; returns its token and the browser's device token (to set again, for another year). */
export async function completeSignIn(
  deps: CompletionDeps,
  owner: NamedOwner,
  browser: Browser,
  method: SignInMethod,
  now: Date,
): Promise<{ sessionToken: string; deviceToken: string }> {
  const { db } = deps;
  const sessions = owner.kind === 'staff' ? staffSessions : advertiserSessions;
  const sessionToken = await sessions.create(db, owner.id, now, browser.device);
  const deviceToken = isPlausibleToken(browser.deviceToken) ? browser.deviceToken : newToken();
  const seen = await rememberDevice(db, owner, hashToken(deviceToken), now);
  if (owner.kind === 'staff') {
    await audit(db, { action: 'login_succeeded', adminUserId: owner.id, username: owner.name, details: { method }, ip: browser.ip }, now);
  }
  // The very first sign-in of an account is no news to its owner.
  if (seen.isNew && !seen.firstEver) await tellOfNewDevice(deps, owner, browser.device, now);
  return { sessionToken, deviceToken };
}

async function tellOfNewDevice(deps: CompletionDeps, owner: NamedOwner, device: string, now: Date): Promise<void> {
  const when = formatLongDateTime(now);
  if (owner.kind === 'staff') {
    const message = `La cuenta del panel «${owner.name.slice(0, 64)}» ingresó desde un dispositivo nuevo (${device}) el ${when}.`;
    await createStaffAlert(deps.db, { kind: 'login_attack', permission: null, message }, now);
    await mailStaffAlert(deps.mailer, deps.staffAlertEmail, message, deps.siteOrigin);
    return;
  }
  // An advertiser's name at sign-in is her address (core/second-step/owners.ts).
  await deps.mailer
    .send(newDeviceMail(owner.name, owner.displayName, { device, when, link: `${deps.siteOrigin}/mi-cuenta#seguridad` }))
    .catch((err: unknown) => console.error(`new-device mail not sent: ${mailFailure(err)}`));
}
