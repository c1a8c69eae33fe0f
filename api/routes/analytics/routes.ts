// POST /api/analytics/consent, /track (pageview, pageexit) and /event. Each answers 204 once the payload is valid
// and committed (group commit, ./writer.ts); bots get the same 204 and are dropped. Bodies over 8 KB are refused before parsing.
// Unlike other routes these parse their body in the handler (a raw input), not through a schema in validate(): a bot
// is answered 204 before its payload is checked, and sendBeacon's text/plain bodies are accepted.
//
// The usual beacon (same origin, a declared length, well formed) is answered before Koa by ./beacon-path.ts through
// acceptBeacon below; these routes answer the rest, refusals included, with the same budget.
import type Router from '@koa/router';
import type { RequestBudget } from '#api/middleware/rate-limit.ts';
import { routes, type RouteDeps } from '#api/http/route.ts';
import { budgetOf } from '#api/http/budgets.ts';
import type { RateLimitStore } from '#api/services/rate-limit-store.ts';
import type { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { consentBody, eventBody, trackBody } from './schema.ts';
import { describeAgent, pagePathOf, referrerHostOf } from '#api/http/visitor-context.ts';
import { parseInput } from '#api/http/validate.ts';
import type { HttpError } from '#api/errors.ts';

export const ANALYTICS_BODY_LIMIT = 8 * 1024;
/** /track also takes text/plain: that is what navigator.sendBeacon sends for the page-exit payload. */
export const ANALYTICS_BEACON_PATHS = ['/api/analytics/track', '/api/analytics/event'];
const ANALYTICS_MEDIA_TYPES = ['application/json', 'text/plain'];

export type BeaconKind = 'consent' | 'track' | 'event';
export const BEACON_KINDS: readonly BeaconKind[] = ['consent', 'track', 'event'];

/** One budget per source across the three endpoints and the fast path (./beacon-path.ts). */
export function analyticsBudget(rateLimits: RateLimitStore): RequestBudget {
  return budgetOf(rateLimits, 'analytics');
}

/**
 * Checks one beacon and resolves once its item is committed; bots resolve at once and are dropped. Throws what the
 * error middleware answers: a ZodError naming the field, or the writer's HttpError (503, 422).
 */
export async function acceptBeacon(kind: BeaconKind, body: unknown, userAgent: string | undefined, writer: AnalyticsWriter): Promise<void> {
  const agent = describeAgent(userAgent);
  if (agent.bot) return;
  const at = new Date();
  if (kind === 'consent') {
    const consent = parseInput(consentBody, body);
    return writer.write({
      kind: 'consent',
      at,
      visitorId: consent.visitorId ?? null,
      consentGiven: consent.consentGiven,
      consentType: consent.consentType,
    });
  }
  if (kind === 'event') {
    const event = parseInput(eventBody, body);
    return writer.write({
      kind: 'event',
      at,
      visitorId: event.visitorId,
      sessionId: event.sessionId,
      eventName: event.eventName,
      eventData: event.eventData ? JSON.stringify(event.eventData) : null,
      pagePath: pagePathOf(event.pageUrl),
    });
  }
  const track = parseInput(trackBody, body);
  if (track.eventType === 'pageview') {
    return writer.write({
      kind: 'pageview',
      at,
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
  }
  return writer.write({
    kind: 'pageexit',
    at,
    visitorId: track.visitorId,
    sessionId: track.sessionId,
    pagePath: pagePathOf(track.pageUrl),
    timeOnPage: track.timeOnPage,
    clickCount: track.clickCount,
    scrollDepth: track.scrollDepth,
  });
}

const REFUSED = Symbol('refused before Koa');

/** The writer's refusal of a beacon the fast path took (./beacon-path.ts): the route answers it without writing again. */
export function setBeaconRefusal(req: object, err: HttpError): void {
  (req as { [REFUSED]?: HttpError })[REFUSED] = err;
}

export function analyticsRouter(writer: AnalyticsWriter, deps: RouteDeps): Router {
  const { router, route } = routes(deps, '/analytics');
  const beacon = { raw: { limitBytes: ANALYTICS_BODY_LIMIT, types: ANALYTICS_MEDIA_TYPES } };
  for (const kind of BEACON_KINDS) {
    route('post', `/${kind}`, { access: 'public', budget: 'analytics', input: beacon }, async (ctx) => {
      const body = await ctx.input.raw();
      const refused = (ctx.req as { [REFUSED]?: HttpError })[REFUSED];
      if (refused) throw refused;
      await acceptBeacon(kind, body, ctx.get('User-Agent') || undefined, writer);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
    });
  }
  return router;
}
