// An advertiser's optional mail and the signed link that opens it without signing in (decision 035): on SQLite, and
// on PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { deletedAccountEmail } from '#db/queries/advertiser-data.ts';
import { OPTIONAL_MAIL_KIND_VALUES } from '#shared/mail-preferences.ts';
import { mailPreferences, setMailPreferences, wantsMail } from './mail-preferences.ts';
import { advertiserOfPreferencesToken, preferencesOfLink, preferencesToken } from './preferences-link.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const allOn = () => Object.fromEntries(OPTIONAL_MAIL_KIND_VALUES.map((kind) => [kind, true]));

describe('mail preferences', () => {
  it('are all on until turned off; a change leaves the other kinds as they were, and repeating it changes nothing', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [first, second] = OPTIONAL_MAIL_KIND_VALUES;
    expect(await mailPreferences(t.db, advertiser)).toEqual(allOn());
    expect(await setMailPreferences(t.db, advertiser, { [first]: false })).toEqual({ ...allOn(), [first]: false });
    expect(await setMailPreferences(t.db, advertiser, { [first]: false })).toEqual({ ...allOn(), [first]: false });
    expect(await wantsMail(t.db, advertiser, first)).toBe(false);
    if (second) expect(await wantsMail(t.db, advertiser, second)).toBe(true);
    expect(await setMailPreferences(t.db, advertiser, { [first]: true })).toEqual(allOn());
  });
});

describe('the preferences link', () => {
  it('opens its advertiser’s preferences only, and nothing once altered or once the account is deleted', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const token = await preferencesToken(t.db, advertiser);
    expect(await advertiserOfPreferencesToken(t.db, token)).toBe(advertiser);
    expect(await preferencesOfLink(t.db, token)).toEqual(allOn());
    const other = await insertAdvertiser(t.db);
    expect(await advertiserOfPreferencesToken(t.db, token.replace(/^\d+/, String(other)))).toBeNull();
    expect(await preferencesOfLink(t.db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await preferencesOfLink(t.db, 'no-es-un-token')).toBeNull();
    await t
      .db('advertisers')
      .where('id', advertiser)
      .update({ email: deletedAccountEmail(advertiser) });
    expect(await preferencesOfLink(t.db, token)).toBeNull();
  });
});
