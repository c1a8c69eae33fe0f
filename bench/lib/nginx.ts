// The baseline of the speed benchmarks: nginx (one worker) serving the same bytes as our server, or, where nginx is
// not installed, the plain node:http server of bench/servers/static-server.ts. Each route maps a path prefix to a
// file answered for every URL under it (query strings ignored); POSTs are answered 204 (`return 204`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
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

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function nginxConfig(port: number, dir: string, routes: BaselineRoute[]): string {
  // Each file answers from its own folder (try_files), whatever the URL under the route.
  const locations = routes.map((route) => {
    const where = route.path.endsWith('*') ? `^~ ${route.path.slice(0, -1)}` : `= ${route.path}`;
    return `location ${where} { default_type "text/html; charset=utf-8"; root ${path.dirname(route.file)}; try_files /${path.basename(route.file)} =404; }`;
  });
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
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
  if (!NGINX) {
    log('nginx not found (apt-get install -y nginx): the baseline is a plain node:http server');
    const pages: Record<string, string> = {};
    for (const route of routes) pages[route.path] = route.file;
    const server = await startServer('static-server.ts', { STATIC_PAGES: JSON.stringify(pages) });
    return { kind: 'node-static', origin: server.origin, stop: server.stop };
  }
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(port, dir, routes));
  const test = spawnSync(NGINX, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration: ${test.stderr}`);
  const child = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 2] });
  process.once('exit', () => child.kill('SIGKILL'));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${origin}/api/analytics/track`, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    kind: 'nginx',
    origin,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
