// Visitor analytics as visitors produce it: only after consent, and exactly what was sent reaches the summary.
// They run in a Playwright project of their own, alone (playwright.config.ts), one after another, each from
// empty analytics tables: nothing else writes visits meanwhile, so the whole summary is theirs.
// Headless Chromium announces itself as a bot (and is dropped), so these visitors use a desktop Chrome agent, set
// on the browser itself: a context's agent does not reach the beacons a page sends while it unloads.
import type { Page, Request } from '@playwright/test';
import { test, expect, asReturningVisitor, waitForHydration, localStorageOf, expectedSearch, resultCards } from './fixtures.ts';
import { adPath } from '#shared/ad-text.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { clearAnalytics, countRows } from '#tooling/testing/analytics.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--user-agent=${CHROME}`],
  },
});
test.describe.configure({ mode: 'serial' });

test.beforeEach(({ db }) => clearAnalytics(db));

const banner = (page: Page) => page.getByRole('region', { name: 'Usamos cookies.' });

/** Every analytics call the page makes, with its parsed body. */
function recordAnalyticsCalls(page: Page): { path: string; body: Record<string, unknown> }[] {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/analytics/')) return;
    calls.push({ path: url.pathname.replace('/api/analytics/', ''), body: JSON.parse(request.postData() ?? '{}') });
  });
  return calls;
}

test('a visitor who accepts is counted: pageviews for each URL, a custom event and the page exit', async ({ page, db }) => {
  await asReturningVisitor(page, { consent: false });
  const calls = recordAnalyticsCalls(page);
  await page.goto('/buscar?utm_source=Newsletter&utm_medium=email&utm_campaign=noviembre');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();

  const stored = await localStorageOf(page);
  await expect.poll(() => calls.map((c) => c.path)).toEqual(['consent', 'track']);
  expect(calls[0]!.body).toEqual({ visitorId: stored.visitorId, consentGiven: true, consentType: 'all' });
  expect(calls[1]!.body).toMatchObject({
    eventType: 'pageview',
    visitorId: stored.visitorId,
    sessionId: stored.sessionId,
    pageTitle: await page.title(),
    referrer: 'direct',
    source: 'newsletter',
    medium: 'email',
    campaign: 'noviembre',
    screenResolution: expect.stringMatching(/^\d+x\d+$/),
  });

  // Two URL changes on the search page (the filters update the address without a reload): two more pageviews.
  await page.getByLabel('Categoría', { exact: true }).selectOption('masajes');
  await expect(page).toHaveURL(/categoria=masajes/);
  await expect.poll(() => calls.filter((c) => c.body.eventType === 'pageview').length).toBe(2);
  await page.getByLabel('Ordenar por', { exact: true }).selectOption('precio-menor');
  await expect(page).toHaveURL(/orden=precio-menor/);
  await expect.poll(() => calls.filter((c) => c.body.eventType === 'pageview').length).toBe(3);
  const views = calls.filter((c) => c.body.eventType === 'pageview');
  expect(views[2]!.body.pageUrl).toBe(page.url());
  expect(views[2]!.body.referrer).toBe(views[1]!.body.pageUrl);

  // A new page (a full load): the tracker starts again, in the same session, with the visit's source.
  // The first ad of these results that publishes a phone, so that revealing it is a custom event.
  const { ads } = await expectedSearch(db, new URL(page.url()).searchParams);
  const withPhone = new Set(
    await db('ads')
      .whereIn(
        'id',
        ads.map((ad) => ad.id),
      )
      .whereNotNull('phone')
      .pluck('id'),
  );
  const ad = ads.find((a) => withPhone.has(a.id))!;
  await resultCards(page)
    .getByRole('link', { name: ad.title, exact: true })
    .and(page.locator(`[href="${adPath(ad)}"]`))
    .click();
  await expect(page).toHaveURL(adPath(ad));
  await expect.poll(() => calls.filter((c) => c.body.eventType === 'pageview').length).toBe(4);
  expect(calls.filter((c) => c.body.eventType === 'pageview')[3]!.body).toMatchObject({
    sessionId: stored.sessionId,
    source: 'newsletter',
  });
  const adPage = new URL(page.url()).pathname;
  const adTitle = await page.title();

  // A custom event: revealing the phone.
  await page.getByRole('button', { name: 'Ver teléfono' }).click();
  await expect(page.getByText(/^Teléfono:/)).toBeVisible();
  await expect.poll(() => calls.filter((c) => c.path === 'event').length).toBe(1);
  expect(calls.find((c) => c.path === 'event')!.body).toMatchObject({
    eventName: 'phone_reveal',
    eventData: { adId: ad.id, via: 'phone' },
  });
  await page.mouse.wheel(0, 600);
  await page.locator('h1').click();

  // Each view sends its exit report by beacon: the search page's three (two address changes, then the ad opened)
  // and the ad page's, on closing.
  await page.close({ runBeforeUnload: true });
  const exitsOfVisitor = () => db('analytics_page_exits').where('visitor_id', stored.visitorId!).orderBy('id').select();
  await expect.poll(async () => (await exitsOfVisitor()).map((row) => row.page_path)).toEqual(['/buscar', '/buscar', '/buscar', adPage]);
  const exit = (await exitsOfVisitor())[3];
  expect(exit).toMatchObject({ session_id: stored.sessionId, page_path: adPage });
  expect(exit.time_on_page).toBeGreaterThanOrEqual(0);
  expect(exit.time_on_page).toBeLessThan(60);
  expect(exit.click_count).toBeGreaterThanOrEqual(1);
  expect(exit.scroll_depth).toBeGreaterThan(0);
  expect(exit.scroll_depth).toBeLessThanOrEqual(100);

  await expect.poll(() => countRows(db, 'analytics_events')).toBe(1);
  const event = await db('analytics_events').first();
  expect(event).toMatchObject({ event_name: 'phone_reveal', page_path: adPage, visitor_id: stored.visitorId });
  expect(JSON.parse(event.event_data)).toEqual({ adId: ad.id, via: 'phone' });

  // The summary shows exactly this visit.
  await expect.poll(async () => (await analyticsSummary(db)).pageViewsToday).toBe(4);
  const summary = await analyticsSummary(db);
  expect(summary).toMatchObject({
    uniqueVisitorsToday: 1,
    pageViewsToday: 4,
    uniqueVisitors30Days: 1,
    pageViews30Days: 4,
    topPages: [
      { page_url: '/buscar', views: 3 },
      { page_url: adPage, page_title: adTitle, views: 1 },
    ],
    trafficSources: [{ source: 'newsletter', medium: 'email', visits: 1 }],
    devices: [{ device_type: 'desktop', count: 1 }],
    browsers: [{ browser: 'Chrome', count: 1 }],
  });
  expect(summary.daily.at(-1)).toMatchObject({ pageViews: 4, visitors: 1, visits: 1 });
});

test('a visitor who rejects sends nothing but the consent record', async ({ page, db }) => {
  await asReturningVisitor(page, { consent: false });
  const calls = recordAnalyticsCalls(page);
  await page.goto('/buscar');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Rechazar' }).click();
  await page.getByLabel('Categoría', { exact: true }).selectOption('trans');
  await expect(page).toHaveURL(/categoria=trans/);
  await page.goto('/');
  await waitForHydration(page);
  await page.close({ runBeforeUnload: true });

  expect(calls).toEqual([{ path: 'consent', body: { visitorId: null, consentGiven: false, consentType: 'necessary' } }]);
  await expect.poll(() => countRows(db, 'analytics_consents')).toBe(1);
  expect(await countRows(db, 'analytics_pageviews')).toBe(0);
  expect(await countRows(db, 'analytics_page_exits')).toBe(0);
  expect((await analyticsSummary(db)).pageViewsToday).toBe(0);
});

test('a customized choice with analytics off sends nothing else', async ({ page, db }) => {
  await asReturningVisitor(page, { consent: false });
  const calls = recordAnalyticsCalls(page);
  await page.goto('/');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Personalizar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferencias de cookies' });
  await dialog.getByLabel('Marketing').check();
  await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
  await page.goto('/buscar');
  await waitForHydration(page);
  await page.close({ runBeforeUnload: true });

  expect(calls).toEqual([{ path: 'consent', body: { visitorId: null, consentGiven: true, consentType: 'marketing' } }]);
  await expect.poll(() => countRows(db, 'analytics_consents')).toBe(1);
  expect(await countRows(db, 'analytics_pageviews')).toBe(0);
  expect(await countRows(db, 'analytics_page_exits')).toBe(0);
});

test("withdrawing consent from the footer's 'Preferencias de cookies' stops the tracking", async ({ page, db }) => {
  await asReturningVisitor(page, { consent: false });
  const calls = recordAnalyticsCalls(page);
  await page.goto('/');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
  await expect.poll(() => calls.map((c) => c.path)).toEqual(['consent', 'track']);
  const { visitorId } = await localStorageOf(page);

  await page.getByRole('button', { name: 'Preferencias de cookies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferencias de cookies' });
  await expect(dialog.getByLabel('Análisis')).toBeChecked();
  await dialog.getByLabel('Análisis').uncheck();
  await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(dialog).toBeHidden();
  expect(calls[2]).toEqual({ path: 'consent', body: { visitorId, consentGiven: true, consentType: 'marketing' } });
  const stored = await localStorageOf(page);
  expect(stored.cookieConsent).toBe('customized');
  expect(stored.visitorId).toBeUndefined();

  await page.goto('/buscar');
  await waitForHydration(page);
  await page.close({ runBeforeUnload: true });
  expect(calls).toHaveLength(3);
  await expect.poll(() => countRows(db, 'analytics_consents')).toBe(2);
  expect(await countRows(db, 'analytics_pageviews')).toBe(1);
  expect(await db('analytics_visitor_consents').where({ visitor_id: visitorId }).first()).toMatchObject({ allows_analytics: 0 });
});

test('a headless browser is a bot: its visits are answered but not counted', async ({ browser, db }) => {
  const context = await browser.newContext({ userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') });
  const page = await context.newPage();
  await asReturningVisitor(page, { consent: false });
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/analytics/')) answers.push(response.status());
  });
  await page.goto('/');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Aceptar todas' }).click();
  await expect.poll(() => answers).toEqual([204, 204]);
  await context.close();
  expect(await countRows(db, 'analytics_pageviews')).toBe(0);
  expect(await countRows(db, 'analytics_consents')).toBe(0);
});
