// The load benchmark's traffic (bench/load.ts): a deterministic mix of searches, ad pages, analytics pageviews,
// sign-ins and photo uploads, as autocannon request builders.
import { BARRIOS, CATEGORY_VALUES } from '#shared/catalogue.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

/** A traffic mix by weight: what a busy evening looks like, with uploads and sign-ins heavier than real life. */
const MIX: [kind: Kind, weight: number][] = [
  ['search', 45],
  ['ad', 30],
  ['analytics', 15],
  ['signin', 7],
  ['upload', 3],
];
export type Kind = 'search' | 'ad' | 'analytics' | 'signin' | 'upload';

const totalWeight = MIX.reduce((sum, [, w]) => sum + w, 0);
/** The kind of the `i`th request: a deterministic sequence, the same run every time. */
function kindOf(i: number): Kind {
  let slot = (i * 7919) % totalWeight;
  for (const [kind, weight] of MIX) if ((slot -= weight) < 0) return kind;
  return 'search';
}

const common = (i: number) => ({
  'sec-fetch-site': 'same-origin',
  'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0.0.0 Mobile Safari/537.36',
});

/** What the requests point at: prepared by bench/load.ts. */
export interface LoadTargets {
  adPaths: string[];
  drafts: number[];
  /** The load advertiser's session and password. */
  session: string;
  password: string;
  photo: { body: Buffer; contentType: string };
}

/** The `n`th request of the sequence, of its kind; `uploads` (this one included) picks the draft an upload goes to. */
function requestOf(kind: Kind, n: number, request: Record<string, unknown>, targets: LoadTargets, uploads: number) {
  const visitor = n % 20_000;
  switch (kind) {
    case 'search': {
      const barrio = BARRIOS[n % BARRIOS.length]!.slug;
      const category = CATEGORY_VALUES[n % CATEGORY_VALUES.length]!;
      const query =
        n % 3 === 0
          ? `?barrio=${barrio}`
          : n % 3 === 1
            ? `?categoria=${category}&barrio=${barrio}&pagina=${1 + (n % 3)}`
            : `?q=${barrio.split('-')[0]}`;
      return { ...request, method: 'GET', path: `/buscar${query}`, headers: { ...common(visitor), cookie: 'velada_edad=1' } };
    }
    case 'ad':
      return {
        ...request,
        method: 'GET',
        path: targets.adPaths[n % targets.adPaths.length],
        headers: { ...common(visitor), cookie: 'velada_edad=1' },
      };
    case 'analytics':
      return {
        ...request,
        method: 'POST',
        path: '/api/analytics/track',
        headers: { ...common(visitor), 'content-type': 'application/json' },
        body: JSON.stringify({
          eventType: 'pageview',
          visitorId: `6a1d2c3b-0000-4000-8000-${String(visitor).padStart(12, '0')}`,
          sessionId: `6a1d2c3b-0000-4000-9000-${String(visitor).padStart(12, '0')}`,
          pageUrl: `https://velada.example/buscar?n=${n % 500}`,
          pageTitle: 'Buscar | Velada',
          referrer: 'direct',
          screenResolution: '390x844',
          source: 'direct',
          medium: 'none',
          campaign: null,
        }),
      };
    case 'signin':
      return {
        ...request,
        method: 'POST',
        path: '/api/advertiser/login',
        headers: { ...common(visitor), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'carga@velada.example', password: n % 4 === 0 ? targets.password : `equivocada-${n}` }),
      };
    case 'upload':
      // Each draft in turn (10 photos each: the pool outlasts the run, so no upload meets the plan's limit).
      return {
        ...request,
        method: 'POST',
        path: `/api/advertiser/ads/${targets.drafts[uploads % targets.drafts.length]}/photos`,
        headers: {
          ...common(visitor),
          'content-type': targets.photo.contentType,
          cookie: `${advertiserSessions.cookie}=${targets.session}`,
        },
        body: targets.photo.body,
      };
  }
}

/** Request builders for autocannon that count what they send (`sent`) and the answers by kind and status. */
export function loadTraffic(targets: LoadTargets) {
  let n = 0;
  return (sent: Record<Kind, number>, statusesByKind: Partial<Record<Kind, Record<number, number>>>) => [
    {
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        n += 1;
        const kind = kindOf(n);
        sent[kind] += 1;
        context.kind = kind;
        return requestOf(kind, n, request, targets, sent.upload);
      },
      onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
        const byStatus = (statusesByKind[context.kind as Kind] ??= {});
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      },
    },
  ];
}
