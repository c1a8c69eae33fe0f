// POST /api/analytics/consent, /track (pageview, pageexit) and /event. Each answers 204 once the payload is valid
// and committed (group commit, ./writer.ts); bots get the same 204 and are dropped. Bodies over 8 KB are refused before parsing.
// Unlike other routes these parse their body in the handler, not through validate(): a bot is answered 204 before
// its payload is checked, and sendBeacon's text/plain bodies are accepted.
import Router from '@koa/router';
import type { Context } from 'koa';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import type { AnalyticsWriter } from './writer.ts';
import { consentBody, eventBody, trackBody } from './schema.ts';
import { describeAgent, pagePathOf, referrerHostOf } from './visitor-context.ts';
import { parseInput } from '#api/http/validate.ts';

export const ANALYTICS_BODY_LIMIT = 8 * 1024;
/** /track also takes text/plain: that is what navigator.sendBeacon sends for the page-exit payload. */
export const ANALYTICS_BEACON_PATHS = ['/api/analytics/track', '/api/analytics/event'];

async function payload(ctx: Context): Promise<unknown> {
  return readJsonBody(ctx, { limitBytes: ANALYTICS_BODY_LIMIT, types: ['application/json', 'text/plain'] });
}

function accepted(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.status = 204;
}

export function analyticsRouter(writer: AnalyticsWriter, options: { maxPerMinute?: number } = {}): Router {
  const router = new Router({ prefix: '/analytics' });
  // One budget per IP across the three endpoints: a browsing visitor stays far below it.
  router.use(rateLimit({ windowMs: 60_000, max: options.maxPerMinute ?? 240 }));

  router.post('/consent', async (ctx) => {
    const body = await payload(ctx);
    if (describeAgent(ctx.get('User-Agent')).bot) return accepted(ctx);
    const consent = parseInput(consentBody, body);
    await writer.write({
      kind: 'consent',
      at: new Date(),
      visitorId: consent.visitorId ?? null,
      consentGiven: consent.consentGiven,
      consentType: consent.consentType,
    });
    accepted(ctx);
  });

  router.post('/track', async (ctx) => {
    const body = await payload(ctx);
    const agent = describeAgent(ctx.get('User-Agent'));
    if (agent.bot) return accepted(ctx);
    const track = parseInput(trackBody, body);
    if (track.eventType === 'pageview') {
      await writer.write({
        kind: 'pageview',
        at: new Date(),
        visitorId: track.visitorId,
        sessionId: track.sessionId,
        pagePath: pagePathOf(track.pageUrl),
        pageTitle: track.pageTitle,
        referrerHost: referrerHostOf(track.referrer),
        source: track.source,
        medium: track.medium,
        campaign: track.campaign ?? null,
        screen: track.screenResolution ?? null,
        deviceType: agent.deviceType,
        browser: agent.browser,
      });
    } else {
      await writer.write({
        kind: 'pageexit',
        at: new Date(),
        visitorId: track.visitorId,
        sessionId: track.sessionId,
        pagePath: pagePathOf(track.pageUrl),
        timeOnPage: track.timeOnPage,
        clickCount: track.clickCount,
        scrollDepth: track.scrollDepth,
      });
    }
    accepted(ctx);
  });

  router.post('/event', async (ctx) => {
    const body = await payload(ctx);
    if (describeAgent(ctx.get('User-Agent')).bot) return accepted(ctx);
    const event = parseInput(eventBody, body);
    await writer.write({
      kind: 'event',
      at: new Date(),
      visitorId: event.visitorId,
      sessionId: event.sessionId,
      eventName: event.eventName,
      eventData: event.eventData ? JSON.stringify(event.eventData) : null,
      pagePath: pagePathOf(event.pageUrl),
    });
    accepted(ctx);
  });
  return router;
}
