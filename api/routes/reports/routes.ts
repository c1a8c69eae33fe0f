// What visitors send to staff without an account (rate-limited per address): POST /api/reports, a report of an
// ad (a possible minor or trafficking hides it at once), and POST /api/contact, the contact form.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import type { ReportReason } from '#shared/report-reasons.ts';
import { created } from '#core/answers.ts';
import { fileVisitorReport, sendContactMessage } from '#core/safety/visitor-reports.ts';
import { mailStaffAlert } from '#core/mail/staff-alerts.ts';
import { mailAdOwner } from '#core/own-ads/notices.ts';
import { type ContactTopic } from '#shared/contact-topics.ts';
import { reportBody, contactBody } from './schema.ts';
import { requestSource } from '#api/http/request-source.ts';

export function reportsRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '');
  route(
    'post',
    '/contact',
    { access: 'public', budget: 'contact-message', input: { body: contactBody, bodyLimitBytes: 8 * 1024 } },
    async (ctx) => {
      const input = ctx.input.body;
      const id = await sendContactMessage(deps.db, { ...input, topic: input.topic as ContactTopic });
      ctx.status = 201;
      ctx.body = created(id);
    },
  );
  route(
    'post',
    '/reports',
    { access: 'public', budget: 'ad-report', input: { body: reportBody, bodyLimitBytes: 8 * 1024 } },
    async (ctx) => {
      const input = ctx.input.body;
      const reason = input.reason as ReportReason;
      const { answer, heldAd, staffAlert } = await fileVisitorReport(deps.db, { ...input, reason }, requestSource(ctx));
      if (heldAd) {
        // The advertiser learns that the ad is hidden, the kind of concern and how to answer; never who reported it.
        await mailAdOwner({ db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin }, heldAd.id, {
          kind: 'held',
          reportReason: reason,
        });
      }
      if (staffAlert) await mailStaffAlert(deps.mailer, deps.config.staffAlertEmail, staffAlert, deps.config.siteOrigin);
      ctx.status = 201;
      ctx.body = answer;
    },
  );
  return router;
}
