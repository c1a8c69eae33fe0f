import { BaseModel } from '#db/models/base-model.ts';
import type { Ad } from '#db/models/ad.ts';
import type { ReportReason } from '#shared/report-reasons.ts';

/** What a report records of the ad when it is made: it stays when the ad is edited, removed or deleted. */
export interface AdSnapshot {
  adId: number;
  title: string;
  category: string;
  state: string;
  advertiserId: number;
  advertiserName: string;
  photoKeys: string[];
}

export type HoldWithheld = 'day_limit' | 'dismissed_source';

/** What preserving a report copies: the ad row and its advertiser's identifying data as they were, and its photos. */
export interface PreservedCopy {
  /** The ads row, every column (dates as ISO text); null when the ad was already deleted. */
  ad: Record<string, unknown> | null;
  advertiser: {
    id: number;
    fullName: string;
    email: string;
    dni: string | null;
    birthDate: string | null;
    verificationStatus: string;
    createdAt: string;
  } | null;
  /** The ad's photos when preserved (report_preserved_files keeps their files). */
  photoKeys: string[];
}

/** A visitor's report about an ad; a report of a possible minor or of trafficking hides the ad at once (hidAd). */
export class Report extends BaseModel {
  static override tableName = 'reports';
  static override timestampColumns = ['createdAt', 'decidedAt', 'escalatedAt', 'preservedAt'];
  static override booleanColumns = ['hidAd'];
  static override jsonAttributes = ['adSnapshot', 'preservedCopy'];

  declare id: number;
  declare adId: number | null;
  /** What the visitor typed when no ad could be found (a code, a link). */
  declare adReference: string | null;
  declare reason: ReportReason;
  declare details: string | null;
  declare contactEmail: string | null;
  declare status: 'open' | 'resolved' | 'dismissed';
  declare hidAd: boolean;
  declare adSnapshot: AdSnapshot | null;
  /** Keyed hash of the reporter's address; never the address. */
  declare reporterKey: string | null;
  declare createdAt: Date;
  declare decidedAt: Date | null;
  declare decidedBy: number | null;
  /** When this open hiding report, past 24 hours, was escalated to staff (once). */
  declare escalatedAt: Date | null;
  /** Why a report of a hiding reason left the ad visible: its source's day limit, or its dismissed reports. */
  declare holdWithheld: HoldWithheld | null;
  /** Preserved for the authorities: kept, with preservedCopy and its files, beyond any deletion until released. */
  declare preservedAt: Date | null;
  declare preservedBy: number | null;
  declare preservedCopy: PreservedCopy | null;

  declare ad?: Ad | null;
  declare answers?: ReportAnswer[];
}

/**
 * What the advertiser of a held ad answered to a report (decision 044), shown to staff with it. An answer sent to
 * several reports at once is one row per report. No foreign key to the account: an answer kept with a preserved
 * report outlives the account's data.
 */
export class ReportAnswer extends BaseModel {
  static override tableName = 'report_answers';
  static override timestampColumns = ['createdAt'];

  declare id: number;
  declare reportId: number;
  declare advertiserId: number;
  declare body: string;
  declare createdAt: Date;

  declare report?: Report;
}
