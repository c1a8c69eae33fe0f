// Stopping the HTTP server without cutting off a request it has received (SIGTERM behind nginx): it stops listening,
// answers every request from then on with `Connection: close`, closes a keep-alive connection only once it has
// carried no request for a while, and past a grace time cuts what is left, saying so.
import type http from 'node:http';
import type { Socket } from 'node:net';
import { acceptQueueLength } from './accept-queue.ts';

export interface ServerStopOptions {
  /** How long the requests in flight may take once the stop begins; past it, their connections are cut. */
  graceMs?: number;
  /** How long a keep-alive connection must carry no request, during the stop, before it is closed. */
  idleMs?: number;
  log?: (message: string) => void;
}

/** What the stop needs to know of one connection. */
interface Connection {
  inFlight: number;
  /** When it last had no request in flight (when it opened, or its last answer finished). */
  idleSince: number;
  /** The bytes read from it by then: more since means its next request is arriving. */
  bytesAtIdle: number;
}

export const STOP_GRACE_MS = 10_000;
/**
 * Longer than nginx keeps an unused upstream connection (`keepalive_timeout 4s`, docs/operations.md), as Node's own
 * 5 s keep-alive timeout is: nginx drops a kept connection before the process would, so it never sends a request on
 * one in the instant the process closes it (a POST sent so gets nginx's 502).
 */
const IDLE_MS = 5_000;
const SWEEP_MS = 100;
const MAX_ACCEPTING_TURNS = 100;

/**
 * Follows `server`'s connections and requests from now on (call it before the server listens) and returns the
 * function that stops it; the promise resolves once every connection is closed.
 */
export function stoppable(server: http.Server, options: ServerStopOptions = {}): () => Promise<void> {
  const connections = new Map<Socket, Connection>();
  const inFlight = new Set<http.ServerResponse>();
  let stopping: Promise<void> | null = null;
  let closing = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, idleSince: Date.now(), bytesAtIdle: socket.bytesRead });
    socket.once('close', () => connections.delete(socket));
  });
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    // From now on every answer closes its connection: nginx sends its next request on a new one, to another process.
    if (closing) res.shouldKeepAlive = false;
    const connection = connections.get(req.socket);
    if (connection) follow(req.socket, connection, res, inFlight);
  });
  return () =>
    (stopping ??= new Promise<void>((resolve) => {
      let sweep: NodeJS.Timeout | undefined;
      let grace: NodeJS.Timeout | undefined;
      const listenerClosed = () => {
        // Only now: a closing answer sends nginx's next request to a new connection, which must find no listener.
        closing = true;
        const began = Date.now();
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const idleMs = options.idleMs ?? IDLE_MS;
        sweep = setInterval(() => closeIdle(connections, began, idleMs), Math.min(SWEEP_MS, idleMs));
        const graceMs = options.graceMs ?? STOP_GRACE_MS;
        grace = setTimeout(() => {
          (options.log ?? console.warn)(
            `Stopping: ${inFlight.size} requests still unanswered after ${graceMs / 1000} s; closing the ${connections.size} connections left.`,
          );
          for (const socket of connections.keys()) socket.destroy();
        }, graceMs);
      };
      stopListening(server, listenerClosed, () => {
        clearInterval(sweep);
        clearTimeout(grace);
        resolve();
      });
    }));
}

/** Counts `res` in flight on its connection until it is answered (or cut off). */
function follow(socket: Socket, connection: Connection, res: http.ServerResponse, inFlight: Set<http.ServerResponse>): void {
  connection.inFlight++;
  inFlight.add(res);
  const answered = () => {
    if (!inFlight.delete(res)) return;
    connection.inFlight--;
    if (connection.inFlight > 0) return;
    connection.idleSince = Date.now();
    connection.bytesAtIdle = socket.bytesRead;
  };
  res.once('finish', answered);
  res.once('close', answered);
}

/**
 * Closes the connections with no request in flight, none arriving (no byte read since the last answer) and none
 * for `idleMs` since the stop began or their last answer: nginx meanwhile sends a request on one it had kept (that
 * one is answered, and closed by its answer), and forgets those it finds closed while they sit idle.
 *
 * A busy process runs this timer late, before the same turn of the event loop reads what arrived meanwhile: a request
 * nginx sent in time may be waiting, unread, in the socket. So the connections found quiet are checked again after
 * that turn's reads (setImmediate runs after the poll phase), and closed only if still nothing was read.
 */
function closeIdle(connections: Map<Socket, Connection>, began: number, idleMs: number): void {
  const now = Date.now();
  const quiet = [...connections].filter(
    ([socket, connection]) =>
      connection.inFlight === 0 && now - Math.max(connection.idleSince, began) >= idleMs && socket.bytesRead === connection.bytesAtIdle,
  );
  if (!quiet.length) return;
  setImmediate(() => {
    for (const [socket, connection] of quiet) {
      if (connection.inFlight === 0 && socket.bytesRead === connection.bytesAtIdle) socket.destroy();
    }
  });
}

/**
 * Stops accepting connections once none is waiting to be taken (closing the listening socket resets those, and nginx
 * has sent its request on them), then calls `listenerClosed`; `allClosed` once every connection has closed.
 */
function stopListening(server: http.Server, listenerClosed: () => void, allClosed: () => void): void {
  let turns = 0;
  const close = () => {
    // The event loop's next turn takes the connections waiting.
    if (acceptQueueLength(server) > 0 && turns++ < MAX_ACCEPTING_TURNS) return void setImmediate(close);
    // http.Server.close() (Node 19+) begins with closeIdleConnections(), which destroys every connection between two
    // requests, also one whose next request has arrived but is not read yet: nginx answers a POST sent on it with 502
    // (it never sends a POST twice). Here the connections are closed by closeIdle() instead.
    server.closeIdleConnections = () => {};
    try {
      server.close(() => allClosed());
    } finally {
      Reflect.deleteProperty(server, 'closeIdleConnections');
    }
    listenerClosed();
  };
  close();
}
