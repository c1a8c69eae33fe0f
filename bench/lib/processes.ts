// Child processes of the benchmarks: the site build when missing, and servers that listen on a free loopback
// port and report it over IPC. Children write their output to our stderr (stdout carries only results) and
// are all killed when the benchmark ends, however it ends.
import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ensureSiteBuild as buildSiteIfMissing } from '#tooling/site-build.ts';
import { BENCH_DATABASE_URL, BENCH_DATA_DIR, ROOT_DIR, log } from './common.ts';

/** The site's production build, made (its output on stderr) when there is none. */
export function ensureSiteBuild(): void {
  buildSiteIfMissing({ log, showOutput: true });
}

export interface RunningServer {
  origin: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  /** The JavaScript heap in use, as the server reports it (app-server.ts answers; other servers never do). */
  heapUsed(): Promise<number>;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

/**
 * What NODE_ENV=production requires (api/config.ts): nothing is mailed and no document is sealed in a benchmark.
 * MALLOC_ARENA_MAX=2 as `npm start` sets it (docs/decisions/016-hardening.md).
 */
const PRODUCTION_SETTINGS = {
  PUBLIC_ORIGIN: 'https://velada.example',
  SMTP_URL: 'smtp://127.0.0.1:9',
  IDENTITY_KEY: crypto.randomBytes(32).toString('hex'),
  ALERT_PHONE_KEY: crypto.randomBytes(32).toString('hex'),
  MALLOC_ARENA_MAX: '2',
};

/** Forks `script` (a file under bench/servers/) and waits for the `{ port }` message it sends once listening. */

export function startServer(script: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = fork(path.join(ROOT_DIR, 'bench', 'servers', script), [], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...PRODUCTION_SETTINGS, ...env },
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    children.delete(child);
  };
  return new Promise((resolve, reject) => {
    const fail = () => void stop().then(() => reject(new Error(`${script} did not start within 60 s`)));
    const timer = setTimeout(fail, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before listening`));
    });
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      const heapUsed = () =>
        new Promise<number>((answer) => {
          const onMessage = (reply: { heapUsedBytes?: number }) => {
            if (reply.heapUsedBytes === undefined) return;
            child.off('message', onMessage);
            answer(reply.heapUsedBytes);
          };
          child.on('message', onMessage);
          child.send('heap');
        });
      resolve({ origin: `http://127.0.0.1:${message.port}`, pid: child.pid!, heapUsed, stop });
    });
  });
}

/** Our server on the benchmark database, in production mode. */
export function startAppServer(): Promise<RunningServer> {
  return startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: BENCH_DATA_DIR,
    DATABASE_URL: BENCH_DATABASE_URL,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'false',
  });
}
