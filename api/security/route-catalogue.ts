// Every API route, read from the app's own routers, with what the security tests need to call it: who may (the
// access rule), the path parameters of seeded rows (api/security/world.ts) and a body it accepts. A route missing
// here fails the tests that use the catalogue, so a new route is never left out of them.
import type Koa from 'koa';
import type Router from '@koa/router';
import { declarationOf, type DeclaredRoute } from '#api/http/route.ts';
import { OWNER_PASSWORD } from './world.ts';
import { uniqueNumber, type RouteCase } from './route-cases.ts';
import { SIGN_IN_ROUTE_CASES } from './sign-in-route-cases.ts';
import { STAFF_ROUTE_CASES } from './staff-route-cases.ts';

export interface ApiRoute {
  method: string;
  /** As declared, with its parameters: '/api/advertiser/ads/:id'. */
  path: string;
  /** `${method} ${path}`. */
  key: string;
  /** What the route declared with route() (api/http/route.ts): undefined for a route registered another way. */
  declared: DeclaredRoute | undefined;
}

/** The routes of every router the app mounts (HEAD left out: Koa answers it with GET). */
export function apiRoutesOf(app: Koa): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      const declared = layer.stack.map(declarationOf).find(Boolean);
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const path = String(layer.path);
        routes.push({ method, path, key: `${method} ${path}`, declared });
      }
    }
  }
  return routes;
}

const VISITOR = '0b6f2d52-8a47-4c1e-9d3a-2f1e6b7c8d90';
const SESSION = '4c3b2a19-0f8e-4d7c-b6a5-948372615f0e';
const adBody = () => ({
  title: 'Masajes descontracturantes en Palermo',
  category: 'masajes',
  barrio: 'palermo',
  description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo.',
  phone: '11 5555-0000',
  rates: { propio: { '1h': 20000 } },
  days: ['lunes-viernes'],
  slots: ['tarde'],
  is24h: false,
  openSchedule: false,
  languages: ['espanol'],
  services: ['presencial'],
  attention: ['individual'],
  plan: 'gratuito',
});

/**
 * Every route: the staff's (api/security/staff-route-cases.ts), signing in (api/security/sign-in-route-cases.ts), then
 * the public and the advertisers'.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  ...STAFF_ROUTE_CASES,
  ...SIGN_IN_ROUTE_CASES,
  'GET /api/health': { access: 'public', body: 'none' },
  'POST /api/ads/:id/phone': { access: 'public', body: 'none', params: (w) => ({ id: w.publishedAdId }) },

  'POST /api/analytics/consent': {
    access: 'public',
    body: 'json',
    example: () => ({ visitorId: VISITOR, consentGiven: true, consentType: 'all' }),
  },
  'POST /api/analytics/track': {
    access: 'public',
    body: 'json',
    example: () => ({
      eventType: 'pageview',
      visitorId: VISITOR,
      sessionId: SESSION,
      pageUrl: 'https://velada.example/buscar',
      pageTitle: 'Buscar | Velada',
      referrer: 'direct',
      screenResolution: '1920x1080',
      source: 'direct',
      medium: 'none',
      campaign: null,
    }),
  },
  'POST /api/analytics/event': {
    access: 'public',
    body: 'json',
    example: () => ({
      visitorId: VISITOR,
      sessionId: SESSION,
      eventName: 'contact_click',
      eventData: { channel: 'whatsapp' },
      pageUrl: 'https://velada.example/anuncio/1',
      timestamp: '2025-01-01T12:00:00.000Z',
    }),
  },

  'POST /api/advertiser/register': {
    access: 'public',
    body: 'json',
    example: () => ({
      fullName: 'Nueva Anunciante',
      email: `nueva${uniqueNumber()}@example.com`,
      password: 'una-clave-bien-larga',
      acceptsTerms: true,
    }),
  },
  'POST /api/advertiser/confirm-email': { access: 'public', body: 'json', example: () => ({ token: 'x'.repeat(43) }) },
  'POST /api/advertiser/resend-confirmation': { access: 'public', body: 'json', example: (w) => ({ email: w.owner.email }) },
  'POST /api/advertiser/forgot-password': { access: 'public', body: 'json', example: (w) => ({ email: w.owner.email }) },
  'POST /api/advertiser/reset-password': {
    access: 'public',
    body: 'json',
    example: () => ({ token: 'x'.repeat(43), password: 'una-clave-bien-larga' }),
  },
  'POST /api/advertiser/login': {
    access: 'public',
    body: 'json',
    example: (w) => ({ email: w.owner.email, password: 'una-clave-equivocada' }),
  },
  'POST /api/advertiser/logout': { access: 'public', body: 'none' },
  'GET /api/advertiser/me': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/verification': { access: 'advertiser', body: 'multipart' },
  'GET /api/advertiser/verification': { access: 'advertiser', body: 'none' },
  'GET /api/advertiser/ads': { access: 'advertiser', body: 'none' },
  'GET /api/advertiser/ads/:id': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.draftAdId }) },
  'POST /api/advertiser/ads': { access: 'advertiser', body: 'json', example: adBody },
  'PUT /api/advertiser/ads/:id': { access: 'advertiser', body: 'json', params: (w) => ({ id: w.draftAdId }), example: adBody },
  'POST /api/advertiser/ads/:id/submit': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.draftAdId }) },
  'POST /api/advertiser/ads/:id/pause': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/advertiser/ads/:id/resume': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.pausedAdId }) },
  'POST /api/advertiser/ads/:id/renew': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'DELETE /api/advertiser/ads/:id': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.draftAdId }) },
  'POST /api/advertiser/ads/:id/available': {
    access: 'advertiser',
    body: 'json',
    params: (w) => ({ id: w.publishedAdId }),
    example: () => ({ hours: 1 }),
  },
  'DELETE /api/advertiser/ads/:id/available': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/advertiser/ads/:id/off': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'DELETE /api/advertiser/ads/:id/off': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'GET /api/advertiser/ads/:id/photos': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.draftAdId }) },
  'POST /api/advertiser/ads/:id/photos': { access: 'advertiser', body: 'multipart', params: (w) => ({ id: w.draftAdId }) },
  'DELETE /api/advertiser/ads/:id/photos/:photoId': {
    access: 'advertiser',
    body: 'none',
    params: (w) => ({ id: w.draftAdId, photoId: w.photoId }),
  },
  'PUT /api/advertiser/ads/:id/photos/order': {
    access: 'advertiser',
    body: 'json',
    params: (w) => ({ id: w.draftAdId }),
    example: (w) => ({ ids: [w.photoId] }),
  },
  'GET /api/advertiser/ads/:id/photo-verification': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/advertiser/ads/:id/photo-verification': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/advertiser/ads/:id/photo-verification/selfie': {
    access: 'advertiser',
    body: 'multipart',
    params: (w) => ({ id: w.publishedAdId }),
  },
  // A held ad's review page and the owner's answer to the report (decision 044).
  'GET /api/advertiser/ads/:id/review': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/advertiser/ads/:id/answers': {
    access: 'advertiser',
    body: 'json',
    params: (w) => ({ id: w.publishedAdId }),
    example: () => ({ answer: 'Las fotos son mías y tengo 29 años: puedo mostrarlo.' }),
  },
  // The check-in timer (decision 041): one per advertiser, no id in the path; the world's owner has one running.
  'GET /api/advertiser/check-in': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/check-in': {
    access: 'advertiser',
    body: 'json',
    example: () => ({
      contactEmail: 'amiga@example.com',
      shownName: 'Dueña',
      minutes: 60,
      message: 'Voy a estar en Palermo hasta las diez.',
    }),
  },
  'POST /api/advertiser/check-in/extend': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/check-in/done': { access: 'advertiser', body: 'none' },
  'DELETE /api/advertiser/check-in': { access: 'advertiser', body: 'none' },
  // Safety alerts (decision 040): verified advertisers only; the number in the body.
  'GET /api/advertiser/safety-alerts': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/safety-alerts': {
    access: 'advertiser',
    body: 'json',
    example: () => ({ phone: '11 5555-0102', kind: 'estafa', description: 'Pidió una seña por adelantado y no vino.' }),
  },
  'POST /api/advertiser/safety-alerts/lookup': { access: 'advertiser', body: 'json', example: () => ({ phone: '11 5555-0102' }) },
  'GET /api/advertiser/data': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/delete-account': { access: 'advertiser', body: 'json', example: () => ({ password: OWNER_PASSWORD }) },
  'GET /api/advertiser/payments': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/payments': {
    access: 'advertiser',
    body: 'json',
    example: (w) => ({ adId: w.publishedAdId, plan: 'premium', method: 'transfer', quote: w.quote }),
  },
  'GET /api/advertiser/payments/:id': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.paymentId }) },
  'POST /api/advertiser/payments/:id/cancel': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.paymentId }) },
  'POST /api/advertiser/payments/:id/mercadopago': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.paymentId }) },
  'POST /api/advertiser/payments/:id/receipt': { access: 'advertiser', body: 'multipart', params: (w) => ({ id: w.paymentId }) },
  'GET /api/advertiser/payments/:id/receipt': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.paymentId }) },

  'POST /api/revocations': {
    access: 'public',
    body: 'json',
    example: (w) => ({ reference: w.paymentReference, email: 'vecina@example.com' }),
  },
  'POST /api/cancellations': { access: 'public', body: 'json', example: () => ({ email: 'vecina@example.com', closeAccount: false }) },
  'POST /api/cancellations/confirm': { access: 'public', body: 'json', example: () => ({ token: 'x'.repeat(43) }) },
  'POST /api/contact': {
    access: 'public',
    body: 'json',
    example: () => ({
      name: 'Vecina Curiosa',
      email: 'vecina@example.com',
      topic: 'consulta',
      message: 'Quería saber cómo funciona el sitio.',
    }),
  },
  'POST /api/reports': {
    access: 'public',
    body: 'json',
    example: (w) => ({
      adId: w.publishedAdId,
      reason: 'estafa',
      details: 'Pide una seña por adelantado.',
      contactEmail: 'vecina@example.com',
    }),
  },
  // A mailed link's token, not a session: with a made-up token every caller is refused and nothing changes.
  'POST /api/mail-preferences': {
    access: 'public',
    body: 'json',
    example: (w) => ({ token: `${w.owner.id}.${'x'.repeat(43)}`, preferences: { ad_expiry: false } }),
  },
  'POST /api/mail-preferences/unsubscribe': { access: 'public', body: 'none' },
  'GET /api/mail-preferences/unsubscribe': { access: 'public', body: 'none' },
  'POST /api/browser-data/clear': { access: 'public', body: 'none' },
  'POST /api/advertiser/mail-preferences': {
    access: 'advertiser',
    body: 'json',
    example: () => ({ preferences: { ad_published: false, ad_expiry: true } }),
  },
  // Which favourites are still public (decision 038): ids in, ids out.
  'GET /api/ads/availability': { access: 'public', body: 'none' },
  // Search alerts: a device is its push subscription; its endpoint and auth secret are the proof, not a session.
  'GET /api/search-alerts/key': { access: 'public', body: 'none' },
  'POST /api/search-alerts': {
    access: 'public',
    body: 'json',
    example: () => ({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
      },
      filter: 'categoria=masajes',
    }),
  },
  'POST /api/search-alerts/lookup': {
    access: 'public',
    body: 'json',
    example: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', auth: 'b'.repeat(22) }),
  },
  'DELETE /api/search-alerts/:id': {
    access: 'public',
    body: 'json',
    params: () => ({ id: 1 }),
    example: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', auth: 'b'.repeat(22) }),
  },
  'DELETE /api/search-alerts': {
    access: 'public',
    body: 'json',
    example: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', auth: 'b'.repeat(22) }),
  },
  'POST /api/payments/mercadopago/webhook': {
    access: 'signature',
    body: 'json',
    example: () => ({ type: 'payment', data: { id: '123456789' } }),
  },
};

/** `path` with its parameters filled in. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`No value for :${name} in ${path}`);
    return String(params[name]);
  });
}
