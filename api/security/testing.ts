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
  const rows = await db.raw<{ name: string }[]>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  return rows.map((r) => r.name);
}

/**
 * What a refused request may still leave behind, on purpose: a session's renewal time, the audit of a refusal
 * (403, failed or slowed sign-in), the sign-in counters and the alert of an attack on an account, the rate limits'
 * counts (decision 029), a server key made on first use. Everything else must stay as it was.
 */
const BOOKKEEPING: Record<string, { skipTable?: boolean; skipColumns?: string[]; rowsWhere?: string }> = {
  admin_sessions: { skipColumns: ['last_seen_at', 'expires_at'] },
  advertiser_sessions: { skipColumns: ['last_seen_at'] },
  audit_log: { rowsWhere: "action not in ('forbidden', 'login_failed', 'login_locked', 'login_slowed')" },
  staff_alerts: { rowsWhere: "kind <> 'login_attack'" },
  settings: { rowsWhere: "key not in ('quote_signing_key', 'reporter_hash_key', 'login_device_key', 'rate_limit_key')" },
  admin_login_throttle: { skipTable: true },
  rate_limits: { skipTable: true },
  advertiser_login_throttle: { skipTable: true },
  login_attempts: { skipTable: true },
  knex_migrations: { skipTable: true },
  knex_migrations_lock: { skipTable: true },
};

/** Columns a caller chooses to leave out too, by table. */
export type IgnoredColumns = Record<string, string[]>;

const fingerprintQueries = new WeakMap<Knex, Map<string, Promise<string>>>();

/** One query that reads every table (bookkeeping left out) as a row count and its rows in a fixed order. */
async function fingerprintQuery(db: Knex, ignored: IgnoredColumns): Promise<string> {
  const postgres = String(db.client.config.client) === 'pg';
  const parts: string[] = [];
  for (const table of await tableNames(db)) {
    const rule = BOOKKEEPING[table] ?? {};
    if (rule.skipTable) continue;
    const skipColumns = [...(rule.skipColumns ?? []), ...(ignored[table] ?? [])];
    const where = rule.rowsWhere ? ` where ${rule.rowsWhere}` : '';
    let row: string;
    if (postgres) {
      row = `(to_jsonb(t)${skipColumns.map((c) => ` - '${c}'`).join('')})::text`;
    } else {
      const columns = (await db.raw<{ name: string }[]>(`pragma table_info("${table}")`))
        .map((c) => c.name)
        .filter((c) => !skipColumns.includes(c));
      row = columns.map((c) => `quote("${c}")`).join(` || ',' || `);
    }
    parts.push(
      postgres
        ? `select '${table}' as name, count(*) as n, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as v from (select ${row} as r from "${table}" t${where}) s`
        : `select '${table}' as name, count(*) as n, coalesce(group_concat(r, char(10)), '') as v from (select ${row} as r from "${table}"${where} order by r)`,
    );
  }
  return parts.join(' union all ');
}

/** A digest per table of every row (bookkeeping left out), to compare before and after a batch of requests. */
export async function databaseFingerprint(db: Knex, ignored: IgnoredColumns = {}): Promise<Record<string, string>> {
  const queries = fingerprintQueries.get(db) ?? new Map<string, Promise<string>>();
  fingerprintQueries.set(db, queries);
  const key = JSON.stringify(ignored);
  if (!queries.has(key)) queries.set(key, fingerprintQuery(db, ignored));
  const sql = await queries.get(key)!;
  const result = await db.raw(sql);
  const rows = (Array.isArray(result) ? result : result.rows) as { name: string; n: number | string; v: string }[];
  const fingerprint: Record<string, string> = {};
  for (const { name, n, v } of rows) fingerprint[name] = `${n}:${crypto.createHash('sha256').update(v).digest('hex').slice(0, 16)}`;
  return fingerprint;
}
