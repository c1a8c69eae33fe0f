// "Disponible ahora" as an advertiser and a visitor meet it (docs/decisions/032-available-now.md): the installed app's
// shortcut in the manifest; the shortcut's page behind the sign-in; one tap switches it on, and a visitor then finds
// the ad under disponibilidad=ahora with the badge on its card and its page; ended early from the account, the badge
// and the match are gone.
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  expectedSearch,
  insertVerifiedAdvertiser,
  resultCards,
  signInAsAdvertiser,
  waitForHydration,
} from './fixtures.ts';
import { insertAd, insertAvailabilityWindow } from '#tooling/factories/index.ts';

test.describe.configure({ mode: 'serial' });

// A word no demo ad has, so that the visitor's search finds this ad alone.
const WORD = `Zafiro${Date.now().toString(36)}`;
const TITLE = `${WORD}, masajes descontracturantes en Versalles`;
const BADGE = /^Disponible ahora · hasta (\d{2}:\d{2})$/;
let adId: number;
let advertiser: { email: string; password: string };

test.beforeAll(async ({ db }) => {
  const owner = await insertVerifiedAdvertiser(db, { fullName: 'Sofía Disponible', birthDate: '1993-08-21' });
  advertiser = owner;
  // No weekly schedule: only the switch can put it under "ahora".
  adId = await insertAd(db, owner.id, { title: TITLE, category: 'masajes', barrio: 'versalles', days: [], slots: [] });
});

/** A visitor of their own (no advertiser session): the anonymous pages, as the render cache serves them. */
async function asVisitor(browser: Browser, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await asReturningVisitor(page);
    await use(page);
  } finally {
    await context.close();
  }
}

test('the installed app offers "Disponible ahora" as a shortcut to its page', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  const shortcut = (manifest.shortcuts as { name: string; url: string; icons: { src: string }[] }[]).find(
    (s) => s.url === '/mi-cuenta/disponible',
  );
  expect(shortcut).toMatchObject({ name: 'Disponible ahora', short_name: 'Disponible' });
  for (const icon of shortcut!.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
});

/** The end shown when the advertiser switched it on ('21:30'), for the visitor's badge to match. */
let until = '';

/** Fills the sign-in form the page is on, and waits for the page it returns to. */
async function signIn(page: Page, returnPath: string): Promise<void> {
  await page.getByLabel('Email').fill(advertiser.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(advertiser.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === returnPath);
  await waitForHydration(page);
}

test("the shortcut's page signs the advertiser in and switches it on in one tap", async ({ page, browser, db }) => {
  await asVisitor(browser, async (visitor) => {
    await visitor.goto(`/buscar?disponibilidad=ahora&q=${WORD}`);
    await expect(resultCards(visitor)).toHaveCount(0);
  });

  // Signed out, the sign-in first, which comes back.
  await asReturningVisitor(page);
  await page.goto('/mi-cuenta/disponible');
  await expect(page).toHaveURL(/\/ingresar\?volver=(%2F|\/)mi-cuenta(%2F|\/)disponible$/);
  await waitForHydration(page);
  await signIn(page, '/mi-cuenta/disponible');
  await expect(page.getByRole('heading', { level: 1, name: 'Disponible ahora' })).toBeVisible();
  const mine = page.getByRole('group', { name: `Disponibilidad de «${TITLE}»` });
  await expect(mine).toContainText('te quedan 3 veces hoy (de 3)');
  await expectNoSeriousA11yViolations(page);

  await mine.getByRole('button', { name: /^1 hora/ }).click();
  const state = mine.getByText(/^Disponible hasta las \d{2}:\d{2}$/);
  await expect(state).toBeVisible();
  until = (await state.textContent())!.match(/(\d{2}:\d{2})$/)![1]!;
  const window = await db('availability_windows').where('ad_id', adId).first();
  expect(window).toMatchObject({ kind: 'available' });
  expect(new Date(window.ends_at).getTime() - new Date(window.starts_at).getTime()).toBe(3_600_000);
  await expect(mine.getByRole('button', { name: /^1 hora/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a visitor finds the ad under "ahora", with the badge on its card and its page', async ({ page, db }) => {
  expect(until).toMatch(/^\d{2}:\d{2}$/);
  await asReturningVisitor(page);
  await page.goto(`/buscar?disponibilidad=ahora&q=${WORD}`);
  await waitForHydration(page);
  const expected = await expectedSearch(db, `disponibilidad=ahora&q=${WORD}`);
  expect(expected.ads.map((a) => a.id)).toEqual([adId]);
  await expect(resultCards(page)).toHaveCount(1);
  const card = resultCards(page).filter({ hasText: TITLE });
  await expect(card.locator('.badge-available')).toHaveText(BADGE);
  await expect(card.locator('.badge-available')).toHaveText(`Disponible ahora · hasta ${until}`);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: TITLE }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/anuncio/'));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(
    page.locator('.ad__info').getByRole('list', { name: 'Distintivos' }).getByText(`Disponible ahora · hasta ${until}`),
  ).toBeVisible();
});

test('ended early from the account, the ad leaves "ahora" and loses the badge', async ({ page, browser }) => {
  await signInAsAdvertiser(page, advertiser, '/mi-cuenta');
  const inAccount = page.getByRole('group', { name: `Disponibilidad de «${TITLE}»` });
  await expect(inAccount.getByText(`Disponible hasta las ${until}`)).toBeVisible();
  await inAccount.getByRole('button', { name: /^Terminar ahora/ }).click();
  await expect(inAccount.getByText('Terminaste «Disponible ahora».')).toBeVisible();
  await expect(inAccount).toContainText('te quedan 2 veces hoy (de 3)');
  await expectNoSeriousA11yViolations(page);

  await asVisitor(browser, async (visitor) => {
    await visitor.goto(`/buscar?disponibilidad=ahora&q=${WORD}`);
    await expect(resultCards(visitor)).toHaveCount(0);
    await visitor.goto(`/buscar?q=${WORD}`);
    await expect(resultCards(visitor)).toHaveCount(1);
    await expect(resultCards(visitor).locator('.badge-available')).toHaveCount(0);
  });
});

test.describe('a page left open', () => {
  // The page's service worker check (every 60 s) needs a registration, which a blocked worker never gives.
  test.use({ serviceWorkers: 'allow' });

  test('a page kept open (or cached) drops the badge once the window is over, its script allowed by the CSP', async ({ page, db }) => {
    const now = new Date();
    await insertAvailabilityWindow(db, adId, { startsAt: now, hours: 20 / 60 });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.clock.install({ time: now });
    await asReturningVisitor(page);
    const badge = page.locator('.badge-available');
    // The window was written by the test, not the server: the server reads the new catalog version within a second.
    await expect(async () => {
      await page.goto(`/anuncio/x-${adId}`);
      await expect(badge).toHaveText(BADGE, { timeout: 500 });
    }).toPass();
    await waitForHydration(page);
    await page.clock.runFor('19:00');
    await expect(badge).toHaveCount(1);
    await page.clock.runFor('01:30');
    await expect(badge).toHaveCount(0);
    expect(refused).toEqual([]);
    // The other specs compare pages with the database: this ad is not left under "ahora" for them.
    await db('availability_windows').where('ad_id', adId).delete();
  });
});
