// Custom events and consent through real HTTP, on SQLite and PostgreSQL: events with their data, each consent
// choice, no events kept after a withdrawal.
import { describe, expect, it } from 'vitest';
import { useAnalyticsApp, t, send, visitorId, countRows, pageview, pageexit, customEvent, errorOf } from './testing.ts';

useAnalyticsApp();

describe('POST /api/analytics/event', () => {
  it('stores a custom event with its data', async () => {
    const [v, s] = [visitorId(), visitorId()];
    expect((await send('event', customEvent(v, s))).status).toBe(204);
    const rows = await t.db('analytics_events').select('visitor_id', 'event_name', 'event_data', 'page_path');
    expect(rows).toEqual([{ visitor_id: v, event_name: 'phone_reveal', event_data: '{"adId":12}', page_path: '/anuncio/12-sofia' }]);
  });

  it.each([
    ['eventName', { eventName: 'Has Spaces' }],
    ['eventName', { eventName: 'e'.repeat(65) }],
    ['eventData', { eventData: { note: 'x'.repeat(501) } }],
    ['eventData', { eventData: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, 'v'.repeat(40)])) }],
    ['eventData', { eventData: { nested: { deep: true } } }],
    ['timestamp', { timestamp: 'yesterday' }],
    ['pageUrl', { pageUrl: '/relative' }],
  ])('rejects a bad %s', async (field, overrides) => {
    const res = await send('event', customEvent(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });
});

describe('POST /api/analytics/consent', () => {
  it('records each choice, with or without a visitor id', async () => {
    const v = visitorId();
    expect((await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' })).status).toBe(204);
    expect((await send('consent', { visitorId: null, consentGiven: false, consentType: 'necessary' })).status).toBe(204);
    const rows = await t.db('analytics_consents').orderBy('id').select('visitor_id', 'consent_given', 'consent_type');
    expect(rows.map((r) => ({ ...r, consent_given: Boolean(r.consent_given) }))).toEqual([
      { visitor_id: v, consent_given: true, consent_type: 'all' },
      { visitor_id: null, consent_given: false, consent_type: 'necessary' },
    ]);
  });

  it.each([
    ['consentType', { visitorId: null, consentGiven: true, consentType: 'everything' }],
    ['consentGiven', { visitorId: null, consentGiven: 'yes', consentType: 'all' }],
    ['visitorId', { visitorId: 'abc', consentGiven: true, consentType: 'all' }],
  ])('rejects a bad %s', async (field, body) => {
    const res = await send('consent', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });

  it('stops storing the events of a visitor who withdrew consent, from the moment of the withdrawal', async () => {
    const [v, s] = [visitorId(), visitorId()];
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' });
    await send('track', pageview(v, s));
    // Withdrawn and followed by more events in the same batch: only the earlier pageview stays.
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'marketing' });
    await send('track', pageview(v, s));
    await send('track', pageexit(v, s));
    await send('event', customEvent(v, s));
    await send('track', pageview(v, s));
    expect(await countRows('analytics_pageviews')).toBe(1);
    expect(await countRows('analytics_page_exits')).toBe(0);
    expect(await countRows('analytics_events')).toBe(0);

    // Accepting again counts again.
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'analytics' });
    await send('track', pageview(v, s));
    expect(await countRows('analytics_pageviews')).toBe(2);
  });
});
