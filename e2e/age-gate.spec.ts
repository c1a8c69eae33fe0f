// The 18+ gate: shown on a first visit, closed by accepting, kept by rejecting, never flashing afterwards.
import type { Page } from '@playwright/test';
import { test, expect, localStorageOf, waitForHydration } from './fixtures.ts';

/** The paths of the scripts the page requests from now on, as they are requested. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const REJECTED = 'Lo sentimos, debes ser mayor de 18 años para acceder a este sitio.';

test('a first visit shows the gate; rejecting keeps it, accepting closes it and remembers the choice', async ({ page }) => {
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' });
  await expect(gate).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator('#page')).toHaveAttribute('inert', '');

  await gate.getByRole('button', { name: 'Soy menor de edad' }).click();
  await expect(gate.getByRole('alert')).toHaveText(REJECTED);
  await expect(gate).toBeVisible();
  expect((await localStorageOf(page)).ageVerified).toBeUndefined();

  await gate.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(gate).toBeHidden();
  expect((await localStorageOf(page)).ageVerified).toBe('true');
  await expect(page.locator('html')).toHaveClass(/\bage-ok\b/);
  await expect(page.locator('#page')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos clasificados para adultos en CABA');
});

test('until the gate is answered, the overlays are not loaded; once accepted, they come with the cookie banner', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const overlays = (path: string) => path.includes('/mount-site-overlays.');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(overlays)).toEqual([]);

  await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(page.getByRole('region', { name: 'Usamos cookies.' })).toBeVisible();
  expect(scripts.filter(overlays)).toHaveLength(1);
});

test("the search's form starts working in place once the gate is accepted, not before", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/buscar');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const form = page.locator('form[data-search-form]');
  await expect(form).not.toHaveAttribute('data-ready');
  expect(scripts.filter((path) => path.includes('/search-form.'))).toEqual([]);

  await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(form).toHaveAttribute('data-ready', '');
  expect(scripts.filter((path) => path.includes('/search-form.'))).toHaveLength(1);
});

test('the accept button has the focus when the gate opens, and Enter accepts', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const accept = page.getByRole('button', { name: 'Soy mayor de 18, ingresar' });
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeHidden();
  expect((await localStorageOf(page)).ageVerified).toBe('true');
});

test('after accepting, the next visit never paints the gate', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
  await expect(page.locator('.age-gate')).toBeHidden();

  // Records whether the gate was ever rendered visible before a frame of the next page load was painted.
  await page.addInitScript(() => {
    const w = window as unknown as { __gatePainted: boolean };
    w.__gatePainted = false;
    const check = () => {
      const gate = document.querySelector<HTMLElement>('.age-gate');
      if (gate && gate.checkVisibility()) w.__gatePainted = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  const atDomReady = await page.evaluate(() => ({
    ageOk: document.documentElement.classList.contains('age-ok'),
    gateVisible: document.querySelector<HTMLElement>('.age-gate')?.checkVisibility() ?? false,
  }));
  expect(atDomReady).toEqual({ ageOk: true, gateVisible: false });

  await page.waitForLoadState('load');
  await waitForHydration(page);
  await expect(page.locator('.age-gate')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __gatePainted: boolean }).__gatePainted)).toBe(false);
  await expect(page.locator('#page')).not.toHaveAttribute('inert');
});

test('the terms page has no gate', async ({ page }) => {
  await page.goto('/terminos-condiciones');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones');
  await waitForHydration(page);
  await expect(page.locator('.age-gate')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the gate posts a form: accepting opens static and server-rendered pages alike', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeVisible();
    await page.getByRole('button', { name: 'Soy mayor de 18, ingresar' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveClass(/age-ok/);
    await expect(page.locator('.age-gate')).toBeHidden();
    await page.getByRole('link', { name: 'Masajes', exact: true }).first().click();
    await expect(page).toHaveURL('/buscar?categoria=masajes');
    await expect(page.locator('.age-gate')).toBeHidden();
  });

  test("'Soy menor de edad' leads to the page that explains why, and sets nothing", async ({ page, context }) => {
    await page.goto('/aumentar-visibilidad');
    await page.getByRole('button', { name: 'Soy menor de edad' }).click();
    await expect(page).toHaveURL('/menor-de-edad');
    await expect(page.getByRole('alert')).toHaveText('Lo sentimos, debes ser mayor de 18 años para acceder a este sitio.');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('velada_edad');
    await page.goto('/aumentar-visibilidad');
    await expect(page.locator('.age-gate')).toBeVisible();
  });
});

test('a gate cookie written another way never opens the gate for the next visitor of a shared page', async ({ request }) => {
  const pathname = '/buscar?categoria=masajes&q=veneno';
  const htmlTag = async (headers: Record<string, string> = {}) =>
    /<html[^>]*>/.exec(await (await request.get(pathname, { headers })).text())![0];
  // Percent-encoded, quoted, or with a second value after the first: none of them is the cookie the gate's form sets.
  for (const cookie of ['velada_edad_sinjs=%31', 'velada_edad_sinjs="1"', 'velada_edad_sinjs=0; velada_edad_sinjs=1']) {
    expect(await htmlTag({ Cookie: cookie }), cookie).not.toContain('age-ok');
    expect(await htmlTag(), cookie).not.toContain('age-ok');
  }
  // The cookie as the form sets it passes the gate, for that visitor only.
  expect(await htmlTag({ Cookie: 'velada_edad_sinjs=1' })).toContain('age-ok');
  expect(await htmlTag()).not.toContain('age-ok');
});
