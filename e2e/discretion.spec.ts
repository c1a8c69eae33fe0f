// Discretion: "Salida rápida" (the header's button, or Escape twice) leaves for a neutral site with no Velada page to
// go back to, and "Borrar rastros" removes everything Velada keeps in the browser. The neutral site is answered here
// (page.route): nothing leaves the machine.
import type { Page } from '@playwright/test';
import { LEAVING_KEY, NEUTRAL_URL } from '#site/lib/quick-exit.ts';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';

async function answerNeutralSite(page: Page): Promise<void> {
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Clima</title><h1>Clima en Buenos Aires</h1>' }),
  );
}

/** Three Velada pages, one after the other, in this tab. */
async function visitThreePages(page: Page): Promise<void> {
  await asReturningVisitor(page);
  for (const path of ['/', '/buscar?categoria=masajes', '/aumentar-visibilidad']) await page.goto(path);
  await waitForHydration(page);
}

const isVelada = (page: Page, baseURL: string | undefined) => new URL(page.url()).origin === new URL(baseURL!).origin;

/** On the neutral site, nothing of Velada behind it; forward, a Velada page replaces itself with the neutral site. */
async function expectLeftWithoutTrace(page: Page, baseURL: string | undefined): Promise<void> {
  await expect(page).toHaveURL(NEUTRAL_URL);
  await expect(page.getByRole('heading', { name: 'Clima en Buenos Aires' })).toBeVisible();
  // Going back shows no Velada page, not even for a moment.
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await page.goBack();
  // Whatever page the tab is on has loaded and run its scripts (a round trip through a frame of its own): a Velada
  // page shown there, even one that replaced itself at once, is in `shown` by now.
  await page.waitForLoadState();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(isVelada(page, baseURL), page.url()).toBe(false);
  expect(shown.filter((url) => new URL(url).origin === new URL(baseURL!).origin)).toEqual([]);
  // The pages the tab went back over are still ahead of it: shown again, they leave at once.
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(NEUTRAL_URL);
  await page.waitForLoadState();
  expect(isVelada(page, baseURL), page.url()).toBe(false);
}

test('"Salida rápida" replaces Velada with a neutral site and leaves no Velada page behind', async ({ page, baseURL }) => {
  await answerNeutralSite(page);
  await visitThreePages(page);
  const exit = page.getByRole('link', { name: 'Salida rápida' });
  await expect(exit).toBeVisible();
  await expect(exit).toHaveAttribute('href', NEUTRAL_URL);
  await exit.click();
  await expectLeftWithoutTrace(page, baseURL);
});

test('Escape twice within a second leaves the same way', async ({ page, baseURL }) => {
  await answerNeutralSite(page);
  await visitThreePages(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expectLeftWithoutTrace(page, baseURL);
});

/**
 * Stops the page's clock (installed before the page loaded): Escapes pressed from here are at the same moment
 * however slow the machine, until the test moves the clock. The clock runs while the page's time is read and the
 * pause is asked for, and a pause cannot go back in time: it stops a few seconds ahead, a margin no busy machine
 * spends between the two calls (nothing pending in these pages minds the jump).
 */
async function stopTime(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/**
 * Whether the quick exit started. Read after the keys: the keydown handlers ran before the key press returned, and
 * the exit hides the page and sets its flag at once, before its navigation.
 */
const leaving = (page: Page) =>
  page.evaluate((key) => document.documentElement.classList.contains('is-leaving') || sessionStorage.getItem(key) !== null, LEAVING_KEY);

test('an Escape that closes a dialog does not count, nor two a long time apart', async ({ page }) => {
  await page.clock.install();
  await answerNeutralSite(page);
  await asReturningVisitor(page);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Borrar rastros' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Borrar todo lo que Velada guarda en este navegador?' });
  await expect(dialog).toBeVisible();
  await stopTime(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Escape');
  await page.clock.fastForward(1200);
  await page.keyboard.press('Escape');
  expect(await leaving(page)).toBe(false);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // In a search box with text, the first Escape empties the box: it does not count either.
  await page.clock.resume();
  await page.goto('/buscar');
  await waitForHydration(page);
  const box = page.getByRole('searchbox', { name: 'Buscar' });
  await box.fill('Palermo');
  await stopTime(page);
  await box.press('Escape');
  await box.press('Escape');
  expect(await leaving(page)).toBe(false);
  await expect(page).toHaveURL(/\/buscar/);
  await expect(box).toHaveValue('');
});

test.describe('"Borrar rastros"', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after the confirmation, nothing of Velada is left in the browser and the age gate asks again', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    await page.getByRole('region', { name: 'Usamos cookies.' }).getByRole('button', { name: 'Aceptar todas' }).click();
    // Past the gate the offline app installs; what favourites and the offline copies leave behind is made here too.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      localStorage.setItem('favoritos', JSON.stringify([3, 14]));
      sessionStorage.setItem('vistos', '3');
      await (await caches.open('velada-prueba')).put('/prueba', new Response('copia'));
      await new Promise((resolve) => (indexedDB.open('velada-prueba').onsuccess = resolve));
    });
    // A cookie no script can read or remove, as the sessions' are.
    await context.addCookies([{ name: 'velada_prueba', value: '1', url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
    expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['velada_edad', 'velada_prueba']));

    await page.getByRole('button', { name: 'Borrar rastros' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Borrar todo lo que Velada guarda en este navegador?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('favoritos');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Borrar todo' }).click();

    await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeVisible();
    await expect(page).toHaveURL(new URL('/', baseURL).href);
    await waitForHydration(page);
    const left = await page.evaluate(async () => ({
      local: { ...localStorage },
      session: { ...sessionStorage },
      caches: await caches.keys(),
      workers: (await navigator.serviceWorker.getRegistrations()).length,
      databases: (await indexedDB.databases()).map((d) => d.name),
    }));
    expect(left).toEqual({ local: {}, session: {}, caches: [], workers: 0, databases: [] });
    expect(await context.cookies()).toEqual([]);
  });
});
