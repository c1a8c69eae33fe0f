// nginx for the benchmarks' baseline and the cluster's load balancer: the binary (Debian's package; `.ci/run`
// installs it) and a run in the foreground with its configuration, logs and temporary files in one
// folder, stopped with the process that started it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/** What every configuration here starts with: one worker, in the foreground, everything in `dir`. */
export function nginxPreamble(dir: string): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }`;
}

/** The `http` block's paths for temporary files, in `dir`. */
export function nginxTempPaths(dir: string): string {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${dir}/${kind === 'client_body' ? 'body' : kind};`)
    .join('\n  ');
}

export interface RunningNginx {
  stop(): Promise<void>;
}

/** Writes `config` to `dir`/nginx.conf, checks it, runs nginx and waits until `isUp` says so (at most 5 s). */
export async function runNginx(dir: string, config: string, isUp: () => Promise<boolean>): Promise<RunningNginx> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (apt-get install -y nginx)');
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, config);
  const test = spawnSync(NGINX_BINARY, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration: ${test.stderr}`);
  const child = spawn(NGINX_BINARY, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 2] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await isUp()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    stop: async () => {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
