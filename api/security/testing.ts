// Helpers of the security tests: raw HTTP requests (any body, any header, a client address of their own) and a
// fingerprint of the database's content, to tell that a refused request changed nothing.
import crypto from 'node:crypto';
import http from 'node:http';
import type { Knex } from 'knex';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as given: a string is not JSON-encoded here. */
  body?: string | Buffer;
}

let clientCounter = 0;
/**
 * A new loopback address per request (127.1.x.y): the per-address rate limits (in memory, keyed on the socket's
 * address) count each request on its own, without trusting forwarded headers.
 */
function nextClientAddress(): string {
  clientCounter += 1;
  return `127.1.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

/** One request through node:http, which sends any bytes and headers (fetch refuses some). */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, baseUrl);
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        localAddress: nextClientAddress(),
        agent: false,
        headers: { ...(body ? { 'Content-Length': String(body.length) } : {}), ...request.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    // A server that answers early (413) may close the connection while the body is still going out.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ status: 0, headers: {}, text: `connection closed: ${err.code}` });
      else reject(err);
    });
    req.end(body);
  });
}

export async function tableNames(db: Knex): Promise<string[]> {
  const client = String(db.client.config.client);
  if (client === 'pg') {
    const rows = await db.raw<{ rows: { table_name: string }[] }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
    );
    return rows.rows.map((r) => r.table_name);
  }
  const rows = await db.raw<{ name: string }[]>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name");
  return rows.map((r) => r.name);
}

/**
 * What a refused request may still leave behind, on purpose: a session's renewal time, the audit of a refusal
 * (403, failed sign-in), the failed sign-in counters. Everything else must stay as it was.
 */
const BOOKKEEPING: Record<string, { skipTable?: boolean; skipColumns?: string[]; skipRow?: (row: Record<string, unknown>) => boolean }> = {
  admin_sessions: { skipColumns: ['last_seen_at', 'expires_at'] },
  advertiser_sessions: { skipColumns: ['last_seen_at'] },
  audit_log: { skipRow: (row) => ['forbidden', 'login_failed', 'login_locked'].includes(String(row.action)) },
  admin_login_throttle: { skipTable: true },
  advertiser_login_throttle: { skipTable: true },
  login_attempts: { skipTable: true },
  knex_migrations: { skipTable: true },
  knex_migrations_lock: { skipTable: true },
};

/** One digest per table of every row (bookkeeping left out), to compare before and after a batch of requests. */
export async function databaseFingerprint(db: Knex): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    const rule = BOOKKEEPING[table] ?? {};
    if (rule.skipTable) continue;
    const rows = (await db(table).select('*')) as Record<string, unknown>[];
    const lines = rows
      .filter((row) => !rule.skipRow?.(row))
      .map((row) => {
        const kept = Object.keys(row)
          .filter((column) => !rule.skipColumns?.includes(column))
          .sort()
          .map((column) => [column, normalized(row[column])]);
        return JSON.stringify(kept);
      })
      .sort();
    fingerprint[table] = `${lines.length}:${crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return fingerprint;
}

function normalized(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
