// The plans page (prerendered, prices from the settings table in server islands), the legal pages, the install-guide redirect, the 404 page,
// and the server's headers: security, caching, compression and the canonical-origin redirect.
import { test, expect, asReturningVisitor, expectedSearch } from './fixtures.ts';
import { adPath } from '#shared/ad-text.ts';

const PUBLIC_ORIGIN = 'https://velada.example';

test('/aumentar-visibilidad shows the three plans with the current prices from the settings', async ({ page, db }) => {
  const price = async (key: string) => Number((await db('settings').where({ key }).first())?.value);

  await asReturningVisitor(page);
  await page.goto('/aumentar-visibilidad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aumentá tu visibilidad');
  const plans = page.locator('.plans__grid > li');
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Básico', 'Premium', 'VIP']);
  const priceOf = (id: string) => page.locator(`#${id} .plan__price strong`);
  // es-AR currency: '$', a no-break space, '.' for thousands, no decimals.
  expect(await priceOf('basico').textContent()).toBe('Gratis');
  const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
  // The admin tests change the prices through the panel (and put them back) while this file may run: the page
  // must show what the settings hold when it is rendered, so the check retries around a change.
  await expect(async () => {
    const expected = [money.format(await price('price_premium')), money.format(await price('price_vip'))];
    await page.reload();
    expect([await priceOf('premium').textContent(), await priceOf('vip').textContent()]).toEqual(expected);
  }).toPass();
  // The page itself is the prerendered file: the prices arrive from their server islands.
  const html = await (await page.request.get('/aumentar-visibilidad')).text();
  expect(html).toContain('/_server-islands/PlanPrice?');
  expect(html).not.toContain(money.format(await price('price_premium')));
  // Styled as the free plan's price, though the island's markup comes from another component.
  const look = (id: string) => priceOf(id).evaluate((el) => `${getComputedStyle(el).fontSize} ${getComputedStyle(el).color}`);
  expect(await look('premium')).toBe(await look('basico'));
  await expect(page.locator('#premium')).toContainText('Más popular');
  await expect(page.locator('#basico')).toContainText('Hasta 3 imágenes');
  await expect(page.locator('#basico')).toContainText('Vigencia de 30 días');
  await expect(page.locator('#premium')).toContainText('Hasta 10 imágenes');
  // What VIP promises, and only what the order keeps (decisions.md, "What VIP promises").
  await expect(page.locator('#vip li')).toContainText([
    'Primer lugar de tu categoría, por turnos con los demás VIP',
    'Siempre en el inicio',
  ]);
  await expect(page.locator('#premium li')).toContainText(['En las búsquedas, después de los VIP y antes que los avisos gratuitos']);
  await expect(page.locator('.plans')).not.toContainText(/garantizad|Primero en las búsquedas|Posición #1/i);
  await expect(page.locator('#basico').getByRole('link', { name: 'Publicar gratis' })).toHaveAttribute('href', '/publicar-anuncio');
});

test('/terminos-condiciones shows its sections and the date of its last change', async ({ page }) => {
  await page.goto('/terminos-condiciones');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones');
  await expect(page.locator('article').getByRole('heading', { level: 2 })).toHaveText([
    '1. Naturaleza del servicio',
    '2. Verificación de identidad',
    '3. Marco legal',
    '4. Privacidad',
    '5. Condiciones críticas de operación',
  ]);
  const updated = page.getByText('Última actualización:');
  await expect(updated).toBeVisible();
  const time = updated.locator('time');
  const iso = await time.getAttribute('datetime');
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const label = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(`${iso}T12:00:00-03:00`),
  );
  await expect(time).toHaveText(label);
});

test('/politicas-privacidad is in force since October 2025 and explains the cookies', async ({ page }) => {
  await page.goto('/politicas-privacidad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Políticas de privacidad');
  await expect(page.getByText('Vigente desde octubre de 2025')).toBeVisible();
  const cookies = page.getByRole('region', { name: '8. Cookies y almacenamiento en el navegador' });
  await expect(cookies).toBeVisible();
  const table = cookies.getByRole('table', { name: 'Qué guardamos en tu navegador' });
  // Every key the site stores in the browser is listed, the adult-consent one first.
  await expect(table.getByRole('rowheader').first()).toHaveText('ageVerified');
  for (const key of [
    'ageVerified',
    'velada_edad',
    'cookieConsent',
    'cookiePreferences',
    'visitSessions',
    'installOfferDismissed',
    'visitorId',
    'sessionId',
  ]) {
    await expect(table.getByRole('rowheader', { name: key })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: '7. Derechos ARCO' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '9. Verificación de edad' })).toBeVisible();
  await expect(page.locator('main')).toContainText('25.326');
});

test('/guia-instalacion redirects to the install guide', async ({ page, request }) => {
  const response = await request.get('/guia-instalacion', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/guia-instalacion-velada.html');
  const page200 = await page.goto('/guia-instalacion');
  expect(page200?.status()).toBe(200);
  await expect(page).toHaveURL('/guia-instalacion-velada.html');
  await expect(page).toHaveTitle(/Velada/);
});

test('every page names the site once in its title', async ({ page }) => {
  await asReturningVisitor(page);
  const pages = ['/ingresar', '/recuperar-clave', '/contacto', '/denunciar', '/verificar-anuncio', '/aumentar-visibilidad', '/buscar'];
  for (const path of pages) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/ \| Velada$/);
    expect(title.match(/Velada/g), `${path}: ${title}`).toHaveLength(1);
  }
});

test('an unknown route answers 404 with the not-found screen, in Spanish, which offers search', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  await expect(page.locator('[lang="en"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await page.getByRole('searchbox', { name: 'Buscar avisos' }).fill('palermo');
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/buscar\?q=palermo$/);
  for (const path of ['/admin/no-existe', '/buscar/otra-cosa', '/%E0%A4%A']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
  }
});

test.describe('server headers', () => {
  test('HTML pages carry the security headers', async ({ request, db }) => {
    const [ad] = (await expectedSearch(db, '')).ads;
    for (const path of ['/', '/buscar', adPath(ad!), '/aumentar-visibilidad', '/terminos-condiciones', '/no-existe']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-type'], path).toMatch(/^text\/html/);
      // One policy per response: the page's own (its script hashes) with what only a header can say.
      const policies = response.headersArray().filter((h) => h.name.toLowerCase() === 'content-security-policy');
      expect(policies, path).toHaveLength(1);
      const policy = policies[0]!.value;
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toMatch(/script-src 'self' 'sha256-/);
      expect(/script-src[^;]*'unsafe-inline'/.test(policy), path).toBe(false);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  test('hashed assets are cached for good, HTML is revalidated', async ({ request }) => {
    const home = await request.get('/');
    expect(home.headers()['cache-control']).toContain('must-revalidate');
    expect((await request.get('/terminos-condiciones')).headers()['cache-control']).toContain('must-revalidate');
    const assets = [...(await home.text()).matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 4)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toContain('immutable');
      expect(response.headers()['cache-control'], asset).toContain('max-age=31536000');
    }
  });

  test('responses are compressed when the client accepts it', async ({ request }) => {
    const br = await request.get('/buscar', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(await br.text()).toContain('resultados');
    const gzip = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get('/', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('Avisos clasificados para adultos en CABA');
  });

  test('another host is redirected to the canonical origin; localhost is not', async ({ request }) => {
    const other = await request.get('/buscar?categoria=trans', { headers: { Host: 'other.example' }, maxRedirects: 0 });
    expect(other.status()).toBe(301);
    expect(other.headers().location).toBe(`${PUBLIC_ORIGIN}/buscar?categoria=trans`);
    const local = await request.get('/buscar?categoria=trans', { maxRedirects: 0 });
    expect(local.status()).toBe(200);
  });
});
