import { BaseModel } from '#db/models/base-model.ts';
import { Ad } from '#db/models/ad.ts';
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

/** A visitor's report about an ad; a report of a possible minor or of trafficking hides the ad at once (hidAd). */
export class Report extends BaseModel {
  static override tableName = 'reports';
  static override timestampColumns = ['createdAt', 'decidedAt'];
  static override booleanColumns = ['hidAd'];
  static override jsonAttributes = ['adSnapshot'];

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

  declare ad?: Ad | null;

  static override relationMappings = () => ({
    ad: { relation: BaseModel.BelongsToOneRelation, modelClass: Ad, join: { from: 'reports.ad_id', to: 'ads.id' } },
  });
}
