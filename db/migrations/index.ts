// Migrations are listed here explicitly (not discovered on disk) so that they run the same from
// TypeScript sources, from tests and from bundles. Append new ones; never edit a landed one.
import type { Knex } from 'knex';
import * as m001 from './001-initial.ts';
import * as m002 from './002-analytics.ts';
import * as m003 from './003-admin-sessions.ts';
import * as m004 from './004-payments.ts';
import * as m005 from './005-panel-indexes.ts';
import * as m006 from './006-advertiser-accounts.ts';
import * as m007 from './007-verification-requests.ts';
import * as m008 from './008-ad-submissions.ts';
import * as m009 from './009-reports.ts';
import * as m010 from './010-contact-messages.ts';
import * as m011 from './011-plan-purchases.ts';
import * as m012 from './012-hardening.ts';
import * as m013 from './013-phone-e164.ts';
import * as m014 from './014-catalog-version.ts';
import * as m015 from './015-vip-turns-index.ts';
import * as m016 from './016-analytics-inbox.ts';
import * as m017 from './017-analytics-inbox-marks.ts';
import * as m018 from './018-catalog-notify.ts';
import * as m019 from './019-rate-limits.ts';
import * as m020 from './020-ad-rates.ts';
import * as m021 from './021-availability-windows.ts';
import * as m022 from './022-photo-verification.ts';
import * as m023 from './023-mail-preferences.ts';
import * as m024 from './024-ad-daily-stats.ts';
import * as m025 from './025-push-subscriptions.ts';
import * as m027 from './027-ads-phone-index.ts';
import * as m028 from './028-safety-alerts.ts';
import * as m029 from './029-check-ins-and-ad-reviews.ts';
import * as m031 from './031-photo-hashes.ts';
import * as m032 from './032-report-handling.ts';
import * as m033 from './033-push-subscription-owners.ts';
import * as m034 from './034-search-rank-marks.ts';
import * as m035 from './035-ended-ads.ts';
import * as m036 from './036-search-rotation.ts';
import * as m037 from './037-service-times.ts';
import * as m039 from './039-mirror-hashes.ts';
import * as m040 from './040-consumer-law.ts';
import * as m041 from './041-ad-cover-stats.ts';
import * as m042 from './042-second-step.ts';
import * as m043 from './043-search-alert-locale.ts';

interface Migration {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-analytics': m002,
  '003-admin-sessions': m003,
  '004-payments': m004,
  '005-panel-indexes': m005,
  '006-advertiser-accounts': m006,
  '007-verification-requests': m007,
  '008-ad-submissions': m008,
  '009-reports': m009,
  '010-contact-messages': m010,
  '011-plan-purchases': m011,
  '012-hardening': m012,
  '013-phone-e164': m013,
  '014-catalog-version': m014,
  '015-vip-turns-index': m015,
  '016-analytics-inbox': m016,
  '017-analytics-inbox-marks': m017,
  '018-catalog-notify': m018,
  '019-rate-limits': m019,
  '020-ad-rates': m020,
  '021-availability-windows': m021,
  '022-photo-verification': m022,
  '023-mail-preferences': m023,
  '024-ad-daily-stats': m024,
  '025-push-subscriptions': m025,
  '027-ads-phone-index': m027,
  '028-safety-alerts': m028,
  '029-check-ins-and-ad-reviews': m029,
  '031-photo-hashes': m031,
  '032-report-handling': m032,
  '033-push-subscription-owners': m033,
  '034-search-rank-marks': m034,
  '035-ended-ads': m035,
  '036-search-rotation': m036,
  '037-service-times': m037,
  '039-mirror-hashes': m039,
  '040-consumer-law': m040,
  '041-ad-cover-stats': m041,
  '042-second-step': m042,
  '043-search-alert-locale': m043,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
