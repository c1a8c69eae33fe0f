// The stop of api/server-stop.ts against a plain http.Server and a keep-alive client speaking raw HTTP/1.1, as nginx
// does to its upstreams.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stoppable, type ServerStopOptions } from './server-stop.ts';
import { acceptQueueLength } from './accept-queue.ts';

const post = (path: string) => `POST ${path} HTTP/1.1\r\nHost: upstream\r\nContent-Length: 2\r\n\r\nhi`;

/** A connection that records everything it receives, and how it ended. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  let open = true;
  const ended = new Promise<string>((resolve) => {
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
    socket.on('close', () => resolve('closed'));
  }).finally(() => (open = false));
  const answers = () => received.split('HTTP/1.1 ').slice(1);
  /** Until `count` answers are in, or the connection has ended. */
  const waitForAnswers = async (count: number) => {
    while (open && answers().filter((answer) => answer.endsWith('ok')).length < count) await new Promise((r) => setTimeout(r, 5));
  };
  return { socket, answers, waitForAnswers, ended };
}

let servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers) server.closeAllConnections();
  servers = [];
});

/** A server whose POST /slow answers only when `release` is called; every other request at once. */
async function start(options: ServerStopOptions = {}) {
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/slow') waiting.push(() => res.end('ok'));
      else res.end('ok');
    });
  });
  servers.push(server);
  const stop = stoppable(server, { idleMs: 50, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const release = () => waiting.splice(0).forEach((answer) => answer());
  const whenWaiting = async () => {
    while (waiting.length === 0) await new Promise((r) => setTimeout(r, 5));
  };
  return { stop, port, release, whenWaiting };
}

describe('stoppable', () => {
  it('answers a request that reached a keep-alive connection, unread, as the stop began; then closes it', async () => {
    const { stop, port } = await start();
    const client = connect(port);
    client.socket.write(post('/'));
    await client.waitForAnswers(1);
    expect(client.answers()[0]).toMatch(/^200 OK\r\n[\s\S]*Connection: keep-alive/);
    // nginx sends its next request on the connection it kept just as the process is told to stop: the bytes are
    // there, not read yet, and the connection looks idle.
    client.socket.write(post('/'));
    const stopped = stop();
    await client.waitForAnswers(2);
    expect(client.answers()[1]).toMatch(/^200 OK\r\n[\s\S]*Connection: close/);
    expect(await client.ended).toBe('closed');
    await stopped;
  });

  it('answers a request that arrived on a quiet connection while the process was too busy to read it', async () => {
    const { stop, port } = await start({ idleMs: 100 });
    const client = connect(port);
    client.socket.write(post('/'));
    await client.waitForAnswers(1);
    const stopped = stop();
    // Within the idle time nginx sends its next request on the kept connection; then the process is busy (a page
    // rendered, say) past the idle time: when its timers run, the request is in the socket, not read yet.
    // Busy in a turn's last phase (setImmediate), so that the next turn runs its timers before it reads the socket.
    await new Promise((resolve) => setTimeout(resolve, 60));
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        client.socket.write(post('/'));
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
        resolve();
      }),
    );
    await client.waitForAnswers(2);
    expect(client.answers()[1]).toMatch(/^200 OK\r\n[\s\S]*Connection: close/);
    expect(await client.ended).toBe('closed');
    await stopped;
  });

  it.runIf(process.platform === 'linux')(
    'answers a connection that was waiting to be taken, with its request, as the stop began',
    async () => {
      const { stop, port } = await start();
      // nginx has opened a connection and sent its request, and the server, busy, has not taken it yet.
      const client = connect(port);
      client.socket.write(post('/'));
      await new Promise((resolve) => process.nextTick(resolve)); // net.connect() connects on the next tick
      for (let i = 0; i < 200 && acceptQueueLength(servers[0]!) === 0; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      const stopped = stop();
      await client.waitForAnswers(1);
      expect(client.answers()[0]).toMatch(/^200 OK\r\n[\s\S]*Connection: close/);
      expect(await client.ended).toBe('closed');
      await stopped;
    },
  );

  it('lets a request in flight finish, answering it with Connection: close, before the server stops', async () => {
    const { stop, port, release, whenWaiting } = await start();
    const client = connect(port);
    client.socket.write(post('/slow'));
    await whenWaiting();
    // A keep-alive connection between two requests when the stop begins: closed by it; the busy one is not.
    const idle = connect(port);
    idle.socket.write(post('/'));
    await idle.waitForAnswers(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    expect(await idle.ended).toBe('closed');
    expect(stopped).toBe(false);
    release();
    await client.waitForAnswers(1);
    expect(client.answers()[0]).toMatch(/^200 OK\r\n[\s\S]*Connection: close/);
    expect(await client.ended).toBe('closed');
    await stopping;
  });

  it('cuts what is still unanswered after the grace time, and says so', async () => {
    const logged: string[] = [];
    const { stop, port, whenWaiting } = await start({ graceMs: 100, log: (message) => logged.push(message) });
    const client = connect(port);
    client.socket.write(post('/slow'));
    await whenWaiting();
    await stop();
    expect(await client.ended).toBe('closed');
    expect(client.answers()).toEqual([]);
    expect(logged).toEqual(['Stopping: 1 requests still unanswered after 0.1 s; closing the 1 connections left.']);
  });
});
