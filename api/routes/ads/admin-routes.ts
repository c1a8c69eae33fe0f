// Moderation of ads from the panel: the queue by state, approving, rejecting and removing with a reason (each
// decision is mailed to the advertiser once committed: core/panel/moderation/decisions.ts); and each ad's statistics.
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { done } from '#core/answers.ts';
import { adStatsForStaff } from '#core/panel/moderation/ad-stats.ts';
import { approveAd, refuseAd, type AdOwnerNotices } from '#core/panel/moderation/decisions.ts';
import { moderationQueue } from '#core/panel/moderation/queue.ts';
import { parsePeriod } from '#shared/ad-stats.ts';
import { adsQuery, adReasonBody, approveQuery, statsQuery } from './schema.ts';
import { mailAdOwner } from '#core/own-ads/notices.ts';

export function registerModerationRoutes({ deps, route }: StaffRoutes): void {
  // Read when a decision is mailed, not when routes are registered (the route table is also built without a config).
  const notices: AdOwnerNotices = {
    adDecided: (adId, notice) => mailAdOwner({ db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin }, adId, notice),
  };
  route('get', '/ads', { query: adsQuery }, async (ctx) => {
    ctx.body = await moderationQueue(deps.db, ctx.input.query.state);
  });
  // The same statistics the advertiser sees of the ad (docs/decisions/034-ad-statistics.md).
  route('get', '/ads/:id/stats', { params: idParams, query: statsQuery }, async (ctx) => {
    ctx.body = await adStatsForStaff(deps.db, ctx.input.params.id, parsePeriod(String(ctx.input.query.periodo)));
  });
  route('post', '/ads/:id/approve', { params: idParams, query: approveQuery }, async (ctx, actor) => {
    await approveAd({ db: deps.db, notices }, actor, ctx.input.params.id, { flagsRead: ctx.input.query.flagsRead });
    ctx.body = done();
  });
  for (const action of ['reject', 'remove'] as const) {
    route('post', `/ads/:id/${action}`, { params: idParams, body: adReasonBody }, async (ctx, actor) => {
      await refuseAd({ db: deps.db, notices }, actor, ctx.input.params.id, action, ctx.input.body);
      ctx.body = done();
    });
  }
}
