// What visitors send to staff without an account (rate-limited per address): POST /api/reports, a report of an
// ad (a possible minor or trafficking hides it at once), and POST /api/contact, the contact form.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { validate } from '#api/http/validate.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { createReport } from '#db/queries/reports.ts';
import { adIdFromReference } from '#shared/ad-text.ts';
import { HIDING_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import { keyedHash } from '#db/queries/server-keys.ts';
import { mailStaffAlert } from '#api/services/staff-alerts.ts';
import { mailAdOwner } from '#api/routes/ads/advertiser-notices.ts';
import { saveContactMessage } from '#db/queries/contact-messages.ts';
import { type ContactTopic } from '#shared/contact-topics.ts';
import { reportBody, contactBody } from './schema.ts';
import { requestSource } from '#api/http/request-source.ts';

export function reportsRouter(deps: RouterDeps): Router {
  const router = new Router();
  router.post(
    '/contact',
    rateLimit(deps.rateLimits.budget('contact-message', { windowMs: 60 * 60_000, max: 10 })),
    validate({ body: contactBody, bodyLimitBytes: 8 * 1024 }),
    async (ctx) => {
      const input = ctx.input.body;
      const id = await saveContactMessage(deps.db, {
        name: input.name || null,
        email: input.email,
        topic: input.topic as ContactTopic,
        message: input.message,
      });
      ctx.status = 201;
      ctx.body = { success: true, id };
    },
  );
  router.post(
    '/reports',
    rateLimit(deps.rateLimits.budget('ad-report', { windowMs: 60 * 60_000, max: 10 })),
    validate({ body: reportBody, bodyLimitBytes: 8 * 1024 }),
    async (ctx) => {
      const input = ctx.input.body;
      const adId = input.adId ?? (input.adReference ? adIdFromReference(input.adReference) : null);
      const reason = input.reason as ReportReason;
      const { id, hidden, heldAd } = await createReport(deps.db, {
        adId,
        adReference: input.adReference || null,
        reason,
        details: input.details || null,
        contactEmail: input.contactEmail || null,
        // Who reported, as a keyed hash of its source (address or IPv6 /64): enough to limit one reporter, never the address itself.
        reporterKey: await keyedHash(deps.db, 'reporter_hash_key', requestSource(ctx)),
      });
      if (heldAd) {
        // The advertiser learns that the ad is hidden, the kind of concern and how to answer; never who reported it.
        await mailAdOwner({ db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin }, heldAd.id, {
          kind: 'held',
          reportReason: reason,
        });
      }
      if (adId && HIDING_REASONS.includes(reason)) {
        await mailStaffAlert(
          deps.mailer,
          deps.config.staffAlertEmail,
          `Una denuncia por ${reason === 'posible_menor' ? 'posible menor de edad' : 'posible trata'} sobre el anuncio con código ${adId}${hidden ? ' lo ocultó' : ''}.`,
          deps.config.siteOrigin,
        );
      }
      ctx.status = 201;
      ctx.body = { success: true, id, hidden };
    },
  );
  return router;
}
