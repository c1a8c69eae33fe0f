// Several Velada processes on one PostgreSQL database behind nginx as a round-robin load balancer, deployed as
// docs/operations.md describes: each process `node api/main.ts` in production mode with a data folder of its own (so
// nothing may depend on a local disk shared between them), the same settings otherwise. For the two-process test
// (tooling/cluster/two-processes.test.ts) and the benchmarks on PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '#tooling/free-port.ts';
import { ensureSiteBuild } from '#tooling/site-build.ts';
import { isHealthy, waitUntilHealthy } from '#tooling/server-health.ts';
import { nginxPreamble, nginxTempPaths, runNginx, type RunningNginx } from './nginx.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');

export interface ClusterOptions {
  processes: number;
  /** A PostgreSQL database of the cluster's own. */
  databaseUrl: string;
  /** Scratch folder: each process's data folder and log, nginx's configuration and logs. */
  dir: string;
  /** More settings for every process (S3_*, REDIS_URL...). */
  env?: Record<string, string>;
  /** A proxy in front of the load balancer (a CDN) whose X-Forwarded-For it believes: the benchmarks' wrk. */
  forwardedBy?: string;
}

export interface VeladaProcess {
  origin: string;
  child: ChildProcess;
  /** What the process printed (stdout and stderr). */
  logFile: string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface Cluster {
  /** The load balancer's address: the site's public origin. */
  origin: string;
  processes: VeladaProcess[];
  /** The super admin's password (ADMIN_PASSWORD), drawn for this cluster. */
  adminPassword: string;
  /** Every process's output, for a failure's report. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * The load balancer in front of the processes: round robin; a request that finds a process gone (connection
 * refused or reset, or its 502/503 while it stops) is sent to the next one when it is idempotent (GET, HEAD),
 * which is nginx's default for `proxy_next_upstream`. The processes trust X-Forwarded-For from it (TRUST_PROXY).
 * Its body limit is the largest form's (identity verification: 15 MB + 64 KB, api/routes/verification/routes.ts).
 * Kept connections are dropped by nginx after 4 s unused, before a process's own 5 s (docs/operations.md).
 */
export function loadBalancerConfig(options: { port: number; upstreams: string[]; dir: string; forwardedBy?: string }): string {
  const realIp = options.forwardedBy ? `set_real_ip_from ${options.forwardedBy};\n  real_ip_header X-Forwarded-For;\n  ` : '';
  return `${nginxPreamble(options.dir)}
http {
  access_log off;
  ${realIp}
  ${nginxTempPaths(options.dir)}
  client_max_body_size 16m;
  upstream velada {
    ${options.upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://velada;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureSiteBuild();
  fs.mkdirSync(options.dir, { recursive: true });
  const lbPort = await freePort();
  const origin = `http://127.0.0.1:${lbPort}`;
  const adminPassword = crypto.randomBytes(12).toString('base64url');
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    PUBLIC_ORIGIN: origin,
    // Nothing is mailed: the address refuses connections, and a mail that fails is logged, not retried here.
    SMTP_URL: 'smtp://127.0.0.1:9',
    IDENTITY_KEY: crypto.randomBytes(32).toString('hex'),
    ALERT_PHONE_KEY: crypto.randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: adminPassword,
    TRUST_PROXY: '127.0.0.1',
    MALLOC_ARENA_MAX: '2',
    ...options.env,
  };
  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  const processes = ports.map((port, index) => startProcess(options.dir, index, { ...shared, PORT: String(port) }));
  let nginx: RunningNginx | null = null;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.map((p) => stopProcess(p)));
  };
  const logs = () => processes.map((p, i) => `--- process ${i + 1}\n${fs.readFileSync(p.logFile, 'utf8')}`).join('\n');
  try {
    await Promise.all(processes.map((p) => waitUntilHealthy(p.origin, p.child, 90_000)));
    nginx = await runNginx(
      path.join(options.dir, 'nginx'),
      loadBalancerConfig({
        port: lbPort,
        upstreams: ports.map((port) => `127.0.0.1:${port}`),
        dir: path.join(options.dir, 'nginx'),
        forwardedBy: options.forwardedBy,
      }),
      () => isHealthy(origin),
    );
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${logs()}`, { cause: err });
  }
  return { origin, processes, adminPassword, logs, stop };
}

function startProcess(dir: string, index: number, env: Record<string, string>): VeladaProcess {
  const dataDir = path.join(dir, `process-${index + 1}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dir, `process-${index + 1}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'api', 'main.ts')], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, DATA_DIR: dataDir },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', kill);
      resolve(code);
    }),
  );
  return { origin: `http://127.0.0.1:${env.PORT}`, child, logFile, exited };
}

/** SIGTERM, as a deployment stops a process; SIGKILL if it has not exited 30 s later (it exits by itself after 15). */
async function stopProcess(p: VeladaProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
  await p.exited;
  clearTimeout(timer);
}
