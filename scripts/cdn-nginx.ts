// Prints the nginx configuration of a caching CDN in front of Velada (api/cdn/nginx-config.ts):
//   npm run cdn:nginx
//   npm run cdn:nginx -- --origin 10.0.0.5:3000 --origin 10.0.0.6:3000 --listen 80 --server-name velada.com.ar --cache-dir /var/cache/nginx/velada
import { parseArgs } from 'node:util';
import { cdnNginxConfig, CDN_NGINX_DEFAULTS } from '#api/cdn/nginx-config.ts';

const { values } = parseArgs({
  options: {
    origin: { type: 'string', multiple: true },
    listen: { type: 'string' },
    'server-name': { type: 'string' },
    'cache-dir': { type: 'string' },
  },
});

process.stdout.write(
  cdnNginxConfig({
    origins: values.origin?.length ? values.origin : CDN_NGINX_DEFAULTS.origins,
    listen: values.listen ?? CDN_NGINX_DEFAULTS.listen,
    serverName: values['server-name'] ?? CDN_NGINX_DEFAULTS.serverName,
    cacheDir: values['cache-dir'] ?? CDN_NGINX_DEFAULTS.cacheDir,
  }),
);
