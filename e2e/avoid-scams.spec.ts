// "Cómo evitar estafas" as visitors find it: from the footer's Seguridad column, the ad page's safety note and the
// phone check; its sections on a phone and a wide screen, indexable, behind the age gate like every public page.
// Read-only: it changes nothing that other specs compare.
import { adPath } from '#shared/ad-text.ts';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, expectedSearch, waitForHydration } from './fixtures.ts';

const PATH = '/como-evitar-estafas';
const SECTIONS = [
  'Nunca pagues por adelantado',
  'Llamadas de extorsión',
  'Páginas y perfiles falsos',
  'Cómo verificar un número',
  'Si te estafaron',
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the footer leads to the advice, its sections in order and readable`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await asReturningVisitor(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo evitar estafas' }).click();
    await page.waitForURL(`**${PATH}`);
    await waitForHydration(page);

    await expect(page).toHaveTitle('Cómo evitar estafas | Velada');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo evitar estafas');
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
    // The table of contents names the same sections and leads to them.
    await expect(page.getByRole('navigation', { name: 'Contenido' }).getByRole('link')).toHaveText(SECTIONS);
    await page.getByRole('navigation', { name: 'Contenido' }).getByRole('link', { name: 'Si te estafaron' }).click();
    await expect(page).toHaveURL(`${PATH}#si-te-estafaron`);
    // The heading stops below the sticky header (two rows on a phone), not under it.
    const heading = page.getByRole('heading', { level: 2, name: 'Si te estafaron' });
    await expect(heading).toBeInViewport();
    const header = (await page.locator('.site-header').boundingBox())!;
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

    // What the page promises to lead to, and the site's one address (the origin it is built for).
    const fraud = page.getByRole('region', { name: 'Si te estafaron' });
    await expect(fraud.getByRole('link', { name: 'Denunciar una estafa' })).toHaveAttribute('href', '/denunciar?motivo=estafa');
    await expect(fraud).toContainText('911');
    const check = page.getByRole('region', { name: 'Cómo verificar un número' });
    await expect(check.getByRole('link', { name: 'Verificar un anuncio' })).toHaveAttribute('href', '/verificar-anuncio#telefono');
    await expect(page.getByRole('region', { name: 'Páginas y perfiles falsos' })).toContainText(
      'La única dirección de Velada es velada.example',
    );
    await expect(page.getByRole('region', { name: 'Nunca pagues por adelantado' })).toContainText('Velada nunca te pide plata.');

    // Nothing widens the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`como-evitar-estafas-${viewport.width}.png`), fullPage: true });
  });
}

test('the ad page’s safety note and the phone check link to the advice', async ({ page, db }) => {
  await asReturningVisitor(page);
  const [ad] = (await expectedSearch(db, '')).ads;
  await page.goto(adPath(ad!));
  const note = page.locator('.ad__contact .ad__safety');
  await expect(note).toContainText('Nunca pagues por adelantado');
  await note.getByRole('link', { name: 'cómo evitar estafas' }).click();
  await page.waitForURL(`**${PATH}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo evitar estafas');

  await page.goto('/verificar-anuncio');
  const phoneCheck = page.getByRole('region', { name: '¿Es de un aviso verificado?' });
  await expect(phoneCheck).toContainText('¿Qué estafas son comunes?');
  await phoneCheck.getByRole('link', { name: 'Leé cómo evitarlas' }).click();
  await page.waitForURL(`**${PATH}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo evitar estafas');
});

test('the page is indexable, in the sitemap, and behind the age gate on a first visit', async ({ page, request }) => {
  const html = await (await request.get(PATH)).text();
  expect(html).toContain(`<link rel="canonical" href="https://velada.example${PATH}"`);
  expect(html).not.toContain('name="robots"');
  expect(html).toMatch(/<meta name="description" content="[^"]*estafas[^"]*"/);
  expect(await (await request.get('/sitemaps/paginas.xml')).text()).toContain(`<loc>https://velada.example${PATH}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).not.toContain(`Disallow: ${PATH}`);

  await page.goto(PATH);
  await expect(page.getByRole('dialog', { name: '¿Sos mayor de 18 años?' })).toBeVisible();
});
