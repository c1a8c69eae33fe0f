// Demo visits for the panel's Analytics section: 30 days of invented visitors who accepted the analytics cookies,
// browsing the home, the search, the category pages and the demo ads. Written through the real ingestion path
// (persistAnalytics), so the rollups and the summary are what production would compute.
import type { Knex } from 'knex';
import { createRandom } from '#tooling/factories/index.ts';
import { CATEGORIES } from '#shared/catalogue.ts';
import { adPath } from '#shared/ad-text.ts';
import { persistAnalytics, type AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import type { DeviceType } from '#shared/analytics-kinds.ts';

const DAYS = 30;
const DAY_MS = 86_400_000;
const SOURCES: [string, string, string | null][] = [
  ['direct', 'none', null],
  ['direct', 'none', null],
  ['google', 'organic', 'google.com'],
  ['google', 'organic', 'google.com'],
  ['instagram', 'social', 'instagram.com'],
  ['foro.example', 'referral', 'foro.example'],
];
const DEVICES: DeviceType[] = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'];
const BROWSERS = ['Chrome', 'Chrome', 'Safari', 'Safari', 'Samsung Browser', 'Firefox'];

const uuid = (n: number) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;

/** Returns the number of pageviews written. */
export async function seedAnalyticsDemo(db: Knex, now = new Date()): Promise<number> {
  const rand = createRandom(30);
  const ads: { id: number; slug: string; title: string }[] = await db('ads')
    .where('state', 'published')
    .orderBy('id')
    .limit(40)
    .select('id', 'slug', 'title');
  const pages: [string, string][] = [
    ['/', 'Velada: avisos clasificados para adultos en CABA'],
    ['/buscar', 'Búsqueda avanzada | Velada'],
    ...CATEGORIES.map((c): [string, string] => [`/buscar?categoria=${c.value}`, `${c.label} en CABA | Velada`]),
    ...ads.map((a): [string, string] => [adPath(a), `${a.title} | Velada`]),
  ];
  // Earlier pages are visited more: the home and search first, then a long tail of ads.
  const page = () => pages[Math.floor(pages.length * rand.next() ** 2)]!;

  let visitors = 0;
  let sessions = 0;
  let written = 0;
  for (let day = DAYS - 1; day >= 0; day--) {
    const dayStart = now.getTime() - (day + 1) * DAY_MS;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    const items: AnalyticsItem[] = [];
    const visits = rand.int(25, 45) + (weekend ? 20 : 0) + (DAYS - day);
    for (let v = 0; v < visits; v++) {
      const returning = visitors > 20 && rand.next() < 0.3;
      const visitorId = uuid(returning ? rand.int(1, visitors) : ++visitors);
      const at = dayStart + Math.floor(rand.next() * (DAY_MS - 3_600_000));
      if (!returning) items.push({ kind: 'consent', at: new Date(at), visitorId, consentGiven: true, consentType: 'all' });
      const [source, medium, referrerHost] = rand.pick(SOURCES);
      const deviceType = rand.pick(DEVICES);
      const browser = rand.pick(BROWSERS);
      const sessionId = uuid(1_000_000 + ++sessions);
      const length = rand.int(1, 5);
      for (let k = 0; k < length; k++) {
        const [pagePath, pageTitle] = k === 0 && rand.next() < 0.5 ? pages[0]! : page();
        items.push({
          kind: 'pageview',
          at: new Date(at + k * 45_000),
          visitorId,
          sessionId,
          pagePath,
          pageTitle,
          referrerHost: k === 0 ? referrerHost : null,
          source,
          medium,
          campaign: null,
          deviceType,
          browser,
          screen: deviceType === 'desktop' ? '1920x1080' : '390x844',
        });
        written += 1;
      }
    }
    await persistAnalytics(db, items);
  }
  return written;
}
