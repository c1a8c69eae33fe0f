// What search engines get from the production build: landing pages (/masajes/palermo) with the search's count and
// results, canonical addresses and robots rules, the adult rating on every kind of page, breadcrumbs as structured
// data, link previews, robots.txt and the sitemap (docs/decisions/036-search-engines.md). Reads the demo data only.
import type { APIResponse } from '@playwright/test';
import {
  test,
  expect,
  asReturningVisitor,
  countLine,
  expectedSearch,
  expectNoSeriousA11yViolations,
  waitForHydration,
} from './fixtures.ts';
import { CATEGORIES, ZONES } from '#shared/catalogue.ts';
import { allLandings } from '#shared/search-engines.ts';

const ORIGIN = 'https://velada.example'; // PUBLIC_ORIGIN of the test server and its build
const LANDING = '/acompanantes/zona-central';

const headOf = async (response: APIResponse) => {
  const html = await response.text();
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1] ?? null;
  return {
    html,
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    rating: attr(/<meta name="rating" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    title: attr(/<title>([^<]*)<\/title>/),
  };
};
const breadcrumbsOf = (html: string) => {
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { '@type': string; itemListElement: { position: number; name: string; item: string }[] }) : null;
};

test('a landing page shows the search of its category and zone, with its text, links and breadcrumbs', async ({ page, request, db }) => {
  const expected = await expectedSearch(db, 'categoria=escorts&zona=central');
  expect(expected.total, 'the demo data has ads there').toBeGreaterThan(0);

  const head = await headOf(await request.get(LANDING));
  expect(head.title).toBe('Acompañantes en zona Central | Velada');
  expect(head.canonical).toBe(`${ORIGIN}${LANDING}`);
  expect(head.ogUrl).toBe(`${ORIGIN}${LANDING}`);
  expect(head.robots).toBeNull();
  expect(head.rating).toBe('adult');
  expect(head.ogImage).toBe(`${ORIGIN}/icons/share-1200x630.png`);
  expect(breadcrumbsOf(head.html)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Acompañantes', item: `${ORIGIN}/buscar?categoria=escorts` },
      { '@type': 'ListItem', position: 3, name: 'Zona Central', item: `${ORIGIN}${LANDING}` },
    ],
  });

  await asReturningVisitor(page);
  await page.goto(LANDING);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acompañantes en zona Central');
  await expect(page.locator('#results-count')).toHaveText(countLine(expected.total));
  const total = new Intl.NumberFormat('es-AR').format(expected.total);
  await expect(page.locator('.landing__intro')).toContainText(`Hay ${total} avisos de acompañantes publicados en la zona Central`);
  // The same ads as /buscar, in the same order.
  const titles = await page.locator('.results__list .result__title').allTextContents();
  expect(titles.map((t) => t.trim())).toEqual(expected.ads.map((a) => a.title));
  await expect(page.getByRole('link', { name: 'Más filtros' })).toHaveAttribute('href', '/buscar?categoria=escorts&zona=central');
  const central = ZONES.find((z) => z.value === 'central')!;
  for (const barrio of central.barrios) {
    await expect(page.getByRole('link', { name: barrio.name, exact: true })).toHaveAttribute('href', `/acompanantes/${barrio.slug}`);
  }
  for (const category of CATEGORIES.filter((c) => c.value !== 'escorts')) {
    await expect(
      page
        .getByRole('navigation', { name: 'Otras búsquedas' })
        .getByRole('link', { name: new RegExp(`^${category.label} en zona Central$`) }),
    ).toHaveAttribute('href', `${category.route}/zona-central`);
  }
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link')).toHaveText(['Inicio', 'Acompañantes']);
  await expectNoSeriousA11yViolations(page);

  // A barrio of it, reached by its link.
  await page.getByRole('link', { name: 'Balvanera', exact: true }).click();
  await expect(page).toHaveURL('/acompanantes/balvanera');
  await expect(page.locator('#results-count')).toHaveText(countLine((await expectedSearch(db, 'categoria=escorts&zona=balvanera')).total));
  await expect(page.getByRole('link', { name: 'Toda la zona Central' })).toHaveAttribute('href', LANDING);
  await expectNoSeriousA11yViolations(page);
});

test('every landing page counts what the search counts', async ({ request, db }) => {
  // One landing per category and zone kind, the empty ones included.
  const sample = allLandings().filter((_, i) => i % 23 === 0);
  for (const landing of sample) {
    const { total } = await expectedSearch(db, `categoria=${landing.categoria}&zona=${landing.place.zona}`);
    const html = await (await request.get(landing.path)).text();
    const count = /id="results-count"[^>]*>([^<]*)/.exec(html)?.[1]?.trim();
    expect(count, landing.path).toMatch(countLine(total));
  }
});

test("a landing page's later pages are not indexed and link to each other", async ({ page, request, db }) => {
  // A zone's landing that the demo data fills past one page.
  let landing: { path: string; heading: string } | undefined;
  for (const category of CATEGORIES) {
    for (const zone of ZONES) {
      if (landing) break;
      const { pages } = await expectedSearch(db, `categoria=${category.value}&zona=${zone.value}`);
      if (pages > 1) landing = { path: `${category.route}/zona-${zone.value}`, heading: `${category.label} en zona ${zone.label}` };
    }
  }
  expect(landing, 'the demo data fills two pages of some landing').toBeDefined();
  const { path, heading } = landing!;
  const second = await headOf(await request.get(`${path}?pagina=2`));
  expect(second.robots).toBe('noindex, follow');
  expect(second.canonical).toBeNull();
  expect(second.title).toBe(`${heading} (página 2) | Velada`);
  await asReturningVisitor(page);
  await page.goto(path);
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?pagina=2&turno=\\d+$`));
  await page.getByRole('link', { name: 'Página 1' }).click();
  await expect(page).toHaveURL(path);
});

test('an unknown category or place is the site’s 404 page', async ({ request }) => {
  for (const path of ['/masajes/narnia', '/escorts/palermo', '/masajes/zona-palermo', '/masajes/oeste', '/buscador/palermo']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const head = await headOf(response);
    expect(head.title, path).toBe('Página no encontrada | Velada');
    expect(head.robots).toBe('noindex, follow');
    expect(head.rating).toBe('adult');
  }
});

test('the search is canonical to a landing page, to itself, or not indexed', async ({ request }) => {
  const cases: [string, string | null][] = [
    ['/buscar?categoria=escorts&zona=palermo', `${ORIGIN}/acompanantes/palermo`],
    ['/buscar?zona=norte&categoria=masajes', `${ORIGIN}/masajes/zona-norte`],
    ['/buscar?categoria=masajes', `${ORIGIN}/buscar?categoria=masajes`],
    ['/buscar', `${ORIGIN}/buscar`],
    ['/buscar?categoria=masajes&zona=palermo&precio=10000-20000', null],
    ['/buscar?categoria=masajes&orden=recientes', null],
    ['/buscar?q=palermo', null],
    ['/buscar?categoria=masajes&pagina=2', null],
  ];
  for (const [path, canonical] of cases) {
    const head = await headOf(await request.get(path));
    expect(head.canonical, path).toBe(canonical);
    expect(head.robots, path).toBe(canonical ? null : 'noindex, follow');
    expect(head.rating, path).toBe('adult');
  }
  expect((await request.get('/buscar/resultados?categoria=masajes')).headers()['x-robots-tag']).toBe('noindex');
});

test('an ad page is canonical to its own address, with its breadcrumbs', async ({ request, db }) => {
  const [ad] = (await expectedSearch(db, 'categoria=escorts&zona=central')).ads;
  const path = `/anuncio/${ad!.slug}-${ad!.id}`;
  const head = await headOf(await request.get(path));
  expect(head.canonical).toBe(`${ORIGIN}${path}`);
  expect(head.robots).toBeNull();
  expect(head.rating).toBe('adult');
  expect(head.ogImage, 'never an ad photo in previews').toBe(`${ORIGIN}/icons/share-1200x630.png`);
  const items = breadcrumbsOf(head.html)!.itemListElement;
  expect(items.map((i) => i.name)).toEqual(['Inicio', 'Acompañantes', expect.any(String), ad!.title]);
  expect(items[2]!.item).toMatch(new RegExp(`^${ORIGIN}/acompanantes/[a-z-]+$`));
  expect(items[3]!.item).toBe(`${ORIGIN}${path}`);
});

test('every kind of page is rated adult; private ones are not indexed', async ({ request }) => {
  for (const [path, indexed] of [
    ['/', true],
    ['/terminos-condiciones', true],
    ['/contacto', true],
    ['/como-evitar-estafas', true],
    ['/aumentar-visibilidad', true],
    ['/ingresar', false],
    ['/publicar-anuncio', false],
    ['/offline', false],
    ['/admin/login', false],
    ['/no-existe', false],
  ] as const) {
    const response = await request.get(path);
    const head = await headOf(response);
    expect(head.rating, path).toBe('adult');
    if (indexed) expect(head.canonical, path).toBe(`${ORIGIN}${path === '/' ? '/' : path}`);
    else expect(head.robots, path).toMatch(/^noindex/);
  }
  expect(await (await request.get('/guia-instalacion-velada.html')).text()).toContain('<meta name="rating" content="adult" />');
});

test('the link-preview picture is a 1200x630 PNG', async ({ request }) => {
  const response = await request.get('/icons/share-1200x630.png');
  expect(response.status()).toBe(200);
  const png = await response.body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test('robots.txt and the sitemap are served, the sitemap naming landing pages and public ads', async ({ request, db }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await index.text()).toContain(`<loc>${ORIGIN}/sitemaps/anuncios-1.xml</loc>`);
  expect(await (await request.get('/sitemaps/barrios.xml')).text()).toContain(`<loc>${ORIGIN}${LANDING}</loc>`);
  const [ad] = (await expectedSearch(db, '')).ads;
  expect(await (await request.get('/sitemaps/anuncios-1.xml')).text()).toContain(
    `<loc>${ORIGIN}/anuncio/${ad!.slug}-${ad!.id}</loc><lastmod>`,
  );
});
