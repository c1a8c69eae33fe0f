// How many connections the system has accepted for a listening server that the server has not taken yet (Linux:
// /proc/net/tcp and tcp6, where a listening socket's rx_queue is its accept queue). Elsewhere, 0: nothing known.
import fs from 'node:fs';
import type net from 'node:net';

const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];
const LISTEN = '0A';

export function acceptQueueLength(server: net.Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') return 0;
  const port = `:${address.port.toString(16).toUpperCase().padStart(4, '0')}`;
  let waiting = 0;
  for (const table of TABLES) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      // sl, local address:port, remote address:port, state, tx_queue:rx_queue, ...
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state === LISTEN && local?.endsWith(port)) waiting += parseInt(queues?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return waiting;
}
