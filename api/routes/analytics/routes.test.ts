// The analytics endpoints through real HTTP, on SQLite and PostgreSQL: what is accepted, stored and counted,
// what is refused (with the field named), bots, consent withdrawal, beacons and the 8 KB limit.
import { describe, expect, it } from 'vitest';
import {
  useAnalyticsApp,
  CHROME_DESKTOP,
  SAFARI_IPHONE,
  GOOGLEBOT,
  t,
  server,
  newClientIp,
  send,
  visitorId,
  countRows,
  pageview,
  pageexit,
  customEvent,
  errorOf,
} from './testing.ts';

useAnalyticsApp();

describe('POST /api/analytics/track', () => {
  it('stores a pageview with its path, title, source and the device and browser of the user agent, and no IP', async () => {
    const [v, s] = [visitorId(), visitorId()];
    const res = await send('track', pageview(v, s), { userAgent: SAFARI_IPHONE });
    expect(res.status).toBe(204);
    const rows = await t.db('analytics_pageviews').select();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      visitor_id: v,
      session_id: s,
      page_path: '/buscar',
      page_title: 'Buscar | Velada',
      referrer_host: 'www.google.com',
      source: 'google',
      medium: 'organic',
      campaign: null,
      device_type: 'mobile',
      browser: 'Safari',
      screen: '1280x720',
    });
    // Nothing in the row holds the client's address or user agent.
    expect(JSON.stringify(rows[0])).not.toMatch(/10\.0\.|iPhone|Mozilla/);
  });

  it('takes the page-exit beacon as text/plain', async () => {
    const [v, s] = [visitorId(), visitorId()];
    const res = await send('track', pageexit(v, s), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    expect(await t.db('analytics_page_exits').select('page_path', 'time_on_page', 'click_count', 'scroll_depth')).toEqual([
      { page_path: '/buscar', time_on_page: 42, click_count: 3, scroll_depth: 75 },
    ]);
  });

  it.each([
    ['timeOnPage', { timeOnPage: -1 }],
    ['timeOnPage', { timeOnPage: 24 * 60 * 60 + 1 }],
    ['scrollDepth', { scrollDepth: 101 }],
    ['scrollDepth', { scrollDepth: -5 }],
    ['clickCount', { clickCount: -1 }],
    ['clickCount', { clickCount: 'many' }],
    ['pageUrl', { pageUrl: 'javascript:alert(1)' }],
    ['visitorId', { visitorId: 'not-a-uuid' }],
  ])('rejects a page exit with a bad %s (%j)', async (field, overrides) => {
    const res = await send('track', pageexit(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
    expect(await countRows('analytics_page_exits')).toBe(0);
  });

  it.each([
    ['pageUrl', { pageUrl: 'ftp://velada.example/' }],
    ['pageUrl', { pageUrl: `https://velada.example/${'a'.repeat(2100)}` }],
    ['pageTitle', { pageTitle: 'x'.repeat(301) }],
    ['pageTitle', { pageTitle: 'a\u0000b' }],
    ['campaign', { campaign: 'tab\there' }],
    ['referrer', { referrer: 'somewhere' }],
    ['screenResolution', { screenResolution: '1280 by 720' }],
    ['source', { source: '' }],
    ['medium', { medium: 'm'.repeat(101) }],
    ['sessionId', { sessionId: undefined }],
  ])('rejects a pageview with a bad %s', async (field, overrides) => {
    const res = await send('track', pageview(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });

  it('takes empty optional fields (campaign, screen, user agent) as not sent', async () => {
    const res = await send('track', pageview(visitorId(), visitorId(), { campaign: '', screenResolution: '', userAgent: '' }));
    expect(res.status).toBe(204);
    expect(await t.db('analytics_pageviews').first()).toMatchObject({ campaign: null, screen: null });
  });

  it('rejects an unknown eventType, naming it', async () => {
    const res = await send('track', { ...pageview(visitorId(), visitorId()), eventType: 'click' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain('eventType');
  });

  it('answers 400, never 500, to malformed JSON, in a JSON call or a beacon', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await send('track', null, { contentType, raw: '{"eventType": "pageview",' });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'invalid_json', message: 'El contenido no es JSON válido.' });
    }
    const empty = await send('track', null, { raw: '' });
    expect(empty.status).toBe(400);
    const notAnObject = await send('track', null, { raw: '42' });
    expect(notAnObject.status).toBe(400);
  });

  it('refuses bodies over 8 KB before parsing them, declared or streamed', async () => {
    const big = JSON.stringify(pageview(visitorId(), visitorId(), { pageTitle: 'x'.repeat(9000) }));
    const declared = await send('track', null, { raw: big });
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).message).toBe('El contenido supera el tamaño máximo (8 KB).');

    // Chunked, without a Content-Length: cut off while reading.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/analytics/track`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        'Sec-Fetch-Site': 'same-origin',
        'User-Agent': CHROME_DESKTOP,
        'X-Forwarded-For': newClientIp(),
      },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('refuses other media types and calls from other sites', async () => {
    const form = await send('track', null, { contentType: 'application/x-www-form-urlencoded', raw: 'a=1' });
    expect(form.status).toBe(415);
    const crossSite = await fetch(`${server.url}/api/analytics/track`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site', 'User-Agent': CHROME_DESKTOP },
      body: JSON.stringify(pageview(visitorId(), visitorId())),
    });
    expect(crossSite.status).toBe(403);
  });

  it('accepts bots with the same 204 and stores nothing of them', async () => {
    const v = visitorId();
    expect((await send('track', pageview(v, v), { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('event', customEvent(v, v), { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    // Even an invalid payload: a bot learns nothing from the answer.
    expect((await send('track', { eventType: 'nonsense' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('track', pageview(v, v), { userAgent: '' })).status).toBe(204);
    for (const table of ['analytics_pageviews', 'analytics_events', 'analytics_consents']) {
      expect(await countRows(table)).toBe(0);
    }
  });

  it('limits how fast one address can send, with a Spanish 429', async () => {
    const ip = newClientIp();
    const v = visitorId();
    const statuses: number[] = [];
    for (let i = 0; i < 245; i++) statuses.push((await send('track', pageexit(v, v), { ip })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(240);
    expect(statuses.slice(240)).toEqual([429, 429, 429, 429, 429]);
    const refused = await send('track', pageexit(v, v), { ip });
    expect((await errorOf(refused)).message).toBe('Demasiadas solicitudes. Esperá un momento y volvé a intentar.');
    // Another address is not affected.
    expect((await send('track', pageexit(v, v))).status).toBe(204);
  });
});
