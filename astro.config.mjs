// Astro builds the public site: prerendered pages plus SSR routes (search, ad pages, plans) that the Koa
// server runs through the Node adapter in middleware mode (see api/astro-handler.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { AGE_CHECK_SCRIPT, scriptHash } from './site/server/age-check-script.ts';
import { precompress } from './tooling/build/precompress.ts';
import { memoizedCspDigests } from './tooling/build/memoized-csp-digests.ts';
import { imageSources } from './shared/photo-urls.ts';
import { assetsOriginOf, builtAssetSources } from './shared/asset-origins.ts';

const clientDir = fileURLToPath(new URL('./dist/client/', import.meta.url));
// Hashed assets from another host (a CDN), when ASSETS_ORIGIN is set at build time (shared/asset-origins.ts).
const assetsOrigin = assetsOriginOf(process.env.ASSETS_ORIGIN);
const assetSources = builtAssetSources(assetsOrigin);

export default defineConfig({
  srcDir: './site',
  publicDir: './public',
  outDir: './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never', ...(assetsOrigin && { assetsPrefix: assetsOrigin }) },
  // Koa checks origins for the API; SSR pages take no form posts.
  security: {
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        // Photos of public ads may come from MEDIA_PUBLIC_URL (a CDN or public bucket): set it when building too.
        `img-src ${[imageSources(process.env.MEDIA_PUBLIC_URL), ...assetSources.slice(1)].join(' ')}`,
        `font-src ${assetSources.join(' ')}`,
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: assetSources, hashes: [scriptHash(AGE_CHECK_SCRIPT)] },
      styleDirective: { resources: assetSources },
    },
  },
  vite: {
    // Astro's CSP digests computed once per process, not on every render (tooling/build/memoized-csp-digests.ts).
    plugins: [memoizedCspDigests()],
  },
  integrations: [
    react(),
    AstroPWA({
      // The service worker must land with the static files; with an adapter the plugin would otherwise
      // write it beside the server bundle (checked by e2e/pwa.spec.ts).
      outDir: clientDir,
      filename: 'service-worker.js',
      // Pages come from the network, so a new worker can take over at once (the 60 s check finds it).
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Velada',
        short_name: 'Velada',
        description: 'Avisos clasificados para adultos en la Ciudad de Buenos Aires.',
        lang: 'es-AR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#120d18',
        theme_color: '#120d18',
        categories: ['lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed app's icon: the advertiser's "Disponible ahora" in one tap (decision 032).
        shortcuts: [
          {
            name: 'Disponible ahora',
            short_name: 'Disponible',
            description: 'Avisá que estás disponible ahora por 1, 2 o 4 horas.',
            url: '/mi-cuenta/disponible',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      workbox: {
        // Static assets are precached; pages come from the network, with the offline page as fallback.
        globPatterns: ['_astro/*.{js,css}', 'offline/index.html', 'icons/*.png'],
        // The link-preview picture is for other sites' crawlers, not for the app offline.
        globIgnores: ['icons/share-*.png'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // Search alerts: shows the notifications and their "Dejar de avisar" (decision 038).
        importScripts: ['/push-handler.js'],
        runtimeCaching: [
          {
            // /favoritos is the same page for everyone and its lists live in the browser: kept from the last visit, so
            // the installed app shows the favourites offline (decision 038), in each of its languages (its paths in
            // shared/i18n/routes.ts, written out here: Workbox copies this function into the worker).
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && /^\/(favoritos|pt\/favoritos|en\/favourites)\/?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'favoritos', networkTimeoutSeconds: 4, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: {
              precacheFallback: { fallbackURL: '/offline' },
            },
          },
          {
            // Photos can be taken down by moderation: shown from the cache but checked again each time, kept a day.
            urlPattern: ({ url }) => url.pathname.startsWith('/media/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'media', expiration: { maxEntries: 200, maxAgeSeconds: 86400 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    // Last: the files it compresses include the service worker written above.
    precompress(),
  ],
});
