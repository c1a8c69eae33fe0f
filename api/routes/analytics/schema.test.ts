// The compiled beacon schemas (z.compile) give what the interpreted ones give: the same normalized values through
// the generated check, and zod's own Spanish refusals for what it does not accept.
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { parseInput } from '#api/http/validate.ts';
import { consentBody, eventBody, trackBody } from './schema.ts';

const ids = { visitorId: '00000000-0000-4000-8000-000000000001', sessionId: '00000000-0000-4000-9000-000000000001' };
const pageview = {
  eventType: 'pageview',
  ...ids,
  pageUrl: 'https://velada.example/buscar',
  pageTitle: 'Buscar | Velada',
  referrer: 'direct',
  source: 'direct',
  medium: 'none',
};

function refusal(schema: Parameters<typeof parseInput>[0], body: unknown): ZodError {
  try {
    parseInput(schema, body);
  } catch (err) {
    if (err instanceof ZodError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('compiled beacon schemas', () => {
  it('pass a usual pageview through as sent, unknown fields left out', () => {
    expect(parseInput(trackBody, { ...pageview, extra: 'x' })).toEqual(pageview);
  });

  it('normalize as zod does: attribution trimmed and lower-cased, empty optional fields absent, counts rounded', () => {
    expect(parseInput(trackBody, { ...pageview, source: ' Google ', medium: 'CPC', campaign: '', screenResolution: '' })).toEqual({
      ...pageview,
      source: 'google',
      medium: 'cpc',
    });
    const exit = {
      eventType: 'pageexit',
      ...ids,
      pageUrl: 'https://velada.example/',
      timeOnPage: 12.6,
      clickCount: 2.2,
      scrollDepth: 99.5,
    };
    expect(parseInput(trackBody, exit)).toEqual({ ...exit, timeOnPage: 13, clickCount: 2, scrollDepth: 100 });
  });

  it('refuse with the field named and a Spanish message', () => {
    const bad = refusal(trackBody, { ...pageview, visitorId: 'nope' });
    expect(bad.issues[0]!.path).toEqual(['visitorId']);
    expect(bad.issues[0]!.message).toMatch(/inválid/i);
    expect(refusal(trackBody, { ...pageview, source: '  ' }).issues[0]!.path).toEqual(['source']);
    expect(refusal(trackBody, { ...pageview, eventType: 'click' }).issues[0]!.path).toEqual(['eventType']);
    expect(refusal(consentBody, { consentGiven: 'yes', consentType: 'all' }).issues[0]!.path).toEqual(['consentGiven']);
    const event = { ...ids, eventName: 'contact_click', pageUrl: 'https://velada.example/', timestamp: '2026-11-24T10:00:00Z' };
    expect(parseInput(eventBody, event)).toEqual(event);
    expect(refusal(eventBody, { ...event, eventName: 'Contact Click' }).issues[0]!.path).toEqual(['eventName']);
  });
});
