// The baseline of the speed benchmarks: nginx (one worker) serving the same bytes as our server, or, where nginx is
// not installed, the plain node:http server of bench/servers/static-server.ts. Each route maps a path prefix to a
// file answered for every URL under it (query strings ignored); POSTs are answered 204 (`return 204`).
import path from 'node:path';
import { freePort } from '#tooling/free-port.ts';
import { NGINX_BINARY, nginxPreamble, nginxTempPaths, runNginx } from '#tooling/cluster/nginx.ts';
import { log } from './common.ts';
import { startServer } from './processes.ts';

export interface BaselineRoute {
  /** An exact path ('/') or a prefix ending with '*' ('/buscar*'). */
  path: string;
  file: string;
}

export interface Baseline {
  kind: 'nginx' | 'node-static';
  origin: string;
  stop(): Promise<void>;
}

function nginxConfig(port: number, dir: string, routes: BaselineRoute[]): string {
  // Each file answers from its own folder (try_files), whatever the URL under the route.
  const locations = routes.map((route) => {
    const where = route.path.endsWith('*') ? `^~ ${route.path.slice(0, -1)}` : `= ${route.path}`;
    return `location ${where} { default_type "text/html; charset=utf-8"; root ${path.dirname(route.file)}; try_files /${path.basename(route.file)} =404; }`;
  });
  return `${nginxPreamble(dir)}
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  ${nginxTempPaths(dir)}
  server {
    listen 127.0.0.1:${port};
    location = /api/analytics/track { return 204; }
    ${locations.join('\n    ')}
  }
}
`;
}

/** Starts the baseline for these routes; `dir` holds its configuration and logs. */
export async function startBaseline(dir: string, routes: BaselineRoute[]): Promise<Baseline> {
  if (!NGINX_BINARY) {
    log('nginx not found (apt-get install -y nginx): the baseline is a plain node:http server');
    return startNodeStatic(routes);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const nginx = await runNginx(dir, nginxConfig(port, dir, routes), () =>
    fetch(`${origin}/api/analytics/track`, { method: 'POST' }).then(
      () => true,
      () => false,
    ),
  );
  return {
    kind: 'nginx',
    origin,
    stop: nginx.stop,
  };
}

/**
 * A plain node:http server answering the same bytes (bench/servers/static-server.ts): what Node's own HTTP server
 * does with no application at all, the ceiling of any Node server on this machine (reported beside nginx). With
 * `headers` (our server's), it sends our answer exactly: the ceiling of our server on node:http.
 */
export async function startNodeStatic(routes: BaselineRoute[], headers: Record<string, string> = {}): Promise<Baseline> {
  const pages: Record<string, string> = {};
  for (const route of routes) pages[route.path] = route.file;
  const server = await startServer('static-server.ts', { STATIC_PAGES: JSON.stringify(pages), STATIC_HEADERS: JSON.stringify(headers) });
  return { kind: 'node-static', origin: server.origin, stop: server.stop };
}
