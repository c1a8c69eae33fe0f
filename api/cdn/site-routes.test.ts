// The CDN's table (api/cdn/site-routes.ts) against what the app serves: every page of site/pages rendered per request
// has an entry, every prerendered page is a file of the build, every page the render cache shares is a shared page,
// and the routes the app mounts beside Astro's are classified. The README shows the generated configuration.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheablePageOf } from '#api/render-cache/page-keys.ts';
import { APP_PHOTOS_PATH } from '#shared/photo-urls.ts';
import { routeKindOf, siteRouteOf, SITE_ROUTES } from './site-routes.ts';
import { cdnNginxConfig } from './nginx-config.ts';

const PAGES_DIR = path.resolve('site/pages');

/** A value for each parameter of a page's file name, so that its address can be classified like a real one. */
const SAMPLE_PARAMS: Record<string, string> = {
  categoryRoute: 'masajes',
  place: 'palermo',
  slug: 'aviso-de-ejemplo-12',
  id: '12',
  reference: 'VEL-7K2M9Q',
};
const LANDING_CATEGORY: Record<string, Record<string, string>> = { pt: { categoryRoute: 'massagens' }, en: { categoryRoute: 'massages' } };

interface PageRoute {
  file: string;
  url: string;
  prerendered: boolean;
}

function pageRoutes(): PageRoute[] {
  return fs
    .readdirSync(PAGES_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(astro|ts)$/.test(entry.name))
    .map((entry) => {
      const file = path.relative(PAGES_DIR, path.join(entry.parentPath, entry.name));
      const route = `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
      // A landing page's category in its address's language (/pt/massagens/palermo).
      const sample = { ...SAMPLE_PARAMS, ...LANDING_CATEGORY[route.split('/')[1]!] };
      const url = route.replace(/\[(\w+)\]/g, (_, name: string) => {
        if (!sample[name]) throw new Error(`${file}: add a sample value for [${name}] to SAMPLE_PARAMS`);
        return sample[name];
      });
      const source = fs.readFileSync(path.join(PAGES_DIR, file), 'utf8');
      return { file, url, prerendered: !/export const prerender = false/.test(source) };
    });
}

describe('the CDN route table', () => {
  const pages = pageRoutes();

  it('finds the pages of the site', () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.find((p) => p.file === 'buscar.astro')).toMatchObject({ url: '/buscar', prerendered: false });
    expect(pages.find((p) => p.file === 'index.astro')).toMatchObject({ url: '/', prerendered: true });
  });

  it('names every page rendered per request, and no prerendered page', () => {
    const unnamed = pages.filter((p) => !p.prerendered && !siteRouteOf(p.url)).map((p) => `${p.file} (${p.url})`);
    expect(unnamed, 'pages rendered per request without an entry in api/cdn/site-routes.ts').toEqual([]);
    const misnamed = pages.filter((p) => p.prerendered && siteRouteOf(p.url)).map((p) => `${p.file} (${p.url})`);
    expect(misnamed, 'prerendered pages are files of the build').toEqual([]);
  });

  it('makes every page that the render cache shares a shared page, and keeps account pages at the origin', () => {
    for (const page of pages.filter((p) => !p.prerendered && cacheablePageOf('GET', p.url, '', undefined)))
      expect(routeKindOf(page.url), page.file).toBe('shared-page');
    for (const page of pages.filter((p) => /^(mi-cuenta|admin)\//.test(p.file))) expect(routeKindOf(page.url), page.file).toBe('origin');
  });

  it('classifies the routes the app mounts beside the pages', () => {
    expect(routeKindOf('/api')).toBe('origin');
    expect(routeKindOf('/api/advertiser/ads/12/photos')).toBe('origin');
    expect(routeKindOf('/api/analytics/pageview')).toBe('origin');
    expect(routeKindOf('/confirmar-edad')).toBe('origin');
    expect(routeKindOf(`${APP_PHOTOS_PATH}/abc.webp`)).toBe('media');
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/anuncios-1.xml', '/_server-islands/FeaturedAds', '/destacados/mas'])
      expect(routeKindOf(url), url).toBe('shared-page');
    expect(routeKindOf('/_astro/client.abc123.js')).toBe('file');
    expect(routeKindOf('/service-worker.js')).toBe('file');
  });

  it('matches a path with or without its trailing slash, and nothing longer', () => {
    expect(routeKindOf('/ingresar/')).toBe('origin');
    expect(routeKindOf('/mi-cuenta/')).toBe('origin');
    expect(routeKindOf('/ingresar-x')).toBe('file');
    expect(routeKindOf('/transparencia.json')).toBe('shared-page');
    expect(routeKindOf('/transparenciaXjson')).toBe('file');
    expect(routeKindOf('/administrador')).toBe('file');
  });

  it('gives each entry a reason, once', () => {
    expect(new Set(SITE_ROUTES.map((r) => r.match)).size).toBe(SITE_ROUTES.length);
    for (const route of SITE_ROUTES) expect(route.why.length, route.match).toBeGreaterThan(5);
  });

  it("is what the README's CDN section shows (npm run cdn:nginx)", () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = /### CDN[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(section, 'README.md: a "### CDN" section with the generated configuration in an nginx block').toBe(cdnNginxConfig());
  });
});
