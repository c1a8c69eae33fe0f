// Shared helpers for the end-to-end tests.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import knexFactory, { type Knex } from 'knex';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { knexConfig } from '#db/connection.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { searchAds, type SearchResult } from '#db/queries/search-ads.ts';
import { hashPassword } from '#api/services/passwords.ts';

export { expect };

/**
 * The data folder of the server this worker's project runs against (e2e/servers.ts): set by the `serverData`
 * fixture when the worker starts, before any test asks.
 */
let dataDir = '/tmp/velada-e2e/site';
export const serverDataDir = (): string => dataDir;

/** A client address of the test's own, from its id: 10.x.y.z. */
function clientAddress(testId: string): string {
  const digest = crypto.createHash('sha256').update(testId).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/**
 * `db`: one connection to the server's database per worker, closed when the worker ends.
 * Each test comes from an address of its own (X-Forwarded-For; the test server trusts the loopback as its proxy):
 * per-address limits such as 30 staff sign-ins in 15 minutes then count one test's requests, not the whole suite's.
 */
export const test = base.extend<object, { db: Knex; serverData: string }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress(testInfo.testId) });
  },
  serverData: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      dataDir = (workerInfo.project.metadata as { dataDir: string }).dataDir;
      await use(dataDir);
    },
    { scope: 'worker', auto: true },
  ],
  db: [
    async ({ serverData }, use) => {
      const db = knexFactory(knexConfig(`sqlite:${path.join(serverData, 'velada.sqlite')}`, serverData));
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
});

/**
 * The path and query of the first link in the newest mail to `to` in the server's outbox (no SMTP in the tests).
 * Links carry the configured public origin; the tests open their path on the test server. Polls briefly: the
 * mail is written while the answer is on its way.
 */
export async function linkFromLatestMail(to: string): Promise<string> {
  return (await linksFromLatestMail(to))[0]!;
}

/** Every link of the newest mail to `to` that has links, as paths and queries, in the mail's order. */
export async function linksFromLatestMail(to: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
      // Quoted-printable: soft line breaks and =XX escapes.
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      // The body's links: header lines (List-Unsubscribe) are not what a reader clicks.
      const body = text.slice(text.search(/\r?\n\r?\n/));
      const links = body.match(/https?:\/\/[^\s]+/g);
      if (links) return links.map((link) => new URL(link).pathname + new URL(link).search);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}

/** A verified advertiser with a confirmed email, made in the server's database; its id and what signs it in. */
export async function insertVerifiedAdvertiser(
  db: Knex,
  person: { fullName: string; birthDate?: string },
): Promise<{ id: number; email: string; password: string }> {
  const now = new Date();
  const email = `${person.fullName.split(' ')[0]!.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@ejemplo.com`;
  const password = `clave-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await db('advertisers')
    .insert({
      email,
      full_name: person.fullName,
      password_hash: await hashPassword(password),
      verification_status: 'verified',
      verified_at: now,
      birth_date: person.birthDate ?? '1993-05-20',
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  return { id: typeof row === 'object' ? Number(row.id) : Number(row), email, password };
}

/** Signs an advertiser in through /ingresar and waits for the page the sign-in returns to, hydrated. */
export async function signInAsAdvertiser(page: Page, who: { email: string; password: string }, returnTo = '/mi-cuenta'): Promise<void> {
  await asReturningVisitor(page);
  await page.goto(`/ingresar?volver=${encodeURIComponent(returnTo)}`);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname + url.search === returnTo); // '/ingresar?volver=…' ends with it too
  await waitForHydration(page);
}

/** Marks the visitor as 18+ and the cookie choice as made, before any page script runs. */
export async function asReturningVisitor(page: Page, options: { consent?: boolean } = {}): Promise<void> {
  await page.addInitScript((consent) => {
    localStorage.setItem('ageVerified', 'true');
    if (consent) {
      localStorage.setItem('cookieConsent', 'rejected');
      localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
    }
  }, options.consent ?? true);
}

/** Runs axe and fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until every Astro island of the page has hydrated. Astro drops the `ssr` attribute when it has asked React
 * to hydrate, but React 19 hydrates concurrently, a little later: a click in between would submit a form natively
 * (a reload) instead of running its handler. So this also waits until React owns each island's first element.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Right after a navigation the new document may not be parsed yet: no island in it is not "all hydrated".
  await page.waitForLoadState('domcontentloaded');
  // The age gate's script has run (it marks the gate ready, or removes it for a visitor who answered before).
  await expect(page.locator('.age-gate:not([data-ready])')).toHaveCount(0);
  // While the gate is open, the overlays and the search form's script are not loaded yet (decision 027); every island
  // must be hydrated.
  await page.waitForFunction(() => {
    const gateOpen = document.querySelector('.age-gate') !== null && !document.documentElement.classList.contains('age-ok');
    const islands = [...document.querySelectorAll('astro-island')];
    const hydrated = islands.every((island) => {
      if (island.hasAttribute('ssr')) return false;
      const first = island.querySelector(':scope > :not(template):not(astro-slot)');
      return !first || Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
    });
    // The search form and the overlays start once the gate is answered (plain scripts, not islands).
    const started = ['#site-overlays', '[data-search-form]'].every(
      (selector) => document.querySelector(selector)?.hasAttribute('data-ready') !== false,
    );
    return hydrated && (gateOpen || started);
  });
}

/** The browser's localStorage as a plain object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

// --- Search ----------------------------------------------------------------------------------------

const countFormat = new Intl.NumberFormat('es-AR');

/** The count line of /buscar for a total: '1 resultado', '220 resultados', '1.234 resultados'. */
export function countText(total: number): string {
  return total === 1 ? '1 resultado' : `${countFormat.format(total)} resultados`;
}

/** The count line, which may end with ' · página 2 de 25'. */
export function countLine(total: number): RegExp {
  const escaped = countText(total).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}( · página \\d+ de \\d+)?$`);
}

/** What the search answers for a query string, straight from the database (the oracle of the search tests). */
export function expectedSearch(db: Knex, query: string | URLSearchParams): Promise<SearchResult> {
  return searchAds(db, parseSearchParams(new URLSearchParams(query)));
}

export function resultCount(page: Page): Locator {
  return page.locator('#results-count');
}

/** The result cards currently shown. */
export function resultCards(page: Page): Locator {
  return page.locator('#search-results .results__list > li');
}

/** Checks that the count line shows what the database says for the page's current URL; returns that total. */
export async function expectCountMatchesUrl(page: Page, db: Knex): Promise<number> {
  const { total } = await expectedSearch(db, new URL(page.url()).searchParams);
  await expect(resultCount(page)).toHaveText(countLine(total));
  return total;
}

/** Opens /buscar (as a returning visitor) and waits until the filters island runs. */
export async function openSearch(page: Page, query = ''): Promise<void> {
  await asReturningVisitor(page);
  await page.goto(`/buscar${query ? `?${query}` : ''}`);
  await waitForHydration(page);
  await markDocument(page);
}

/** Leaves a marker in the window; it survives only while no full page load happens. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker: string }).__e2eMarker = 'same-document';
  });
}

/** Fails if the page was reloaded or navigated away since markDocument(). */
export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-document');
}

/** Waits until the URL's query has `key` = `value` (or lacks `key` when value is null). */
export async function expectQueryParam(page: Page, key: string, value: string | null): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/buscar' && url.searchParams.get(key) === value);
}

/** Opens every part of the home's featured strip ("Ver más destacados" until it is gone). */
export async function showWholeFeaturedStrip(page: Page): Promise<void> {
  const more = page.getByRole('region', { name: 'Destacados VIP' }).getByRole('link', { name: 'Ver más destacados' });
  while (await more.isVisible()) {
    const before = await page.locator('[data-featured-list] > li').count();
    await more.click();
    await expect(page.locator('[data-featured-list] > li')).not.toHaveCount(before);
  }
}
