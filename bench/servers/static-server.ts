// Child process of the benchmarks: the baseline. A plain node:http server answering each benchmarked URL
// with the exact bytes our server sent for it (read once into memory), as text/html, without compression.
// STATIC_PAGES is a JSON object mapping a request URL (path and query) to a file, or a path prefix ending with '*'
// to a file for every URL under it. A POST (the analytics ingestion baseline) is read to its end and answered 204.
// STATIC_HEADERS, a JSON object, adds those headers to every page (our server's own, to send exactly its answer).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const files = JSON.parse(process.env.STATIC_PAGES ?? '{}') as Record<string, string>;
const pages = new Map(Object.entries(files).map(([url, file]) => [url, fs.readFileSync(file)]));
const extraHeaders = JSON.parse(process.env.STATIC_HEADERS ?? '{}') as Record<string, string>;
const prefixes = [...pages].filter(([key]) => key.endsWith('*')).map(([key, body]) => [key.slice(0, -1), body] as const);

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
    return;
  }
  const url = req.url ?? '';
  const body = pages.get(url) ?? prefixes.find(([prefix]) => url.startsWith(prefix))?.[1];
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...extraHeaders, 'Content-Length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
