// The analytics fast path (docs/decisions/023-beacon-path.md): the usual beacon, answered by the Node request
// listener before Koa builds a context. Koa's path for the three analytics endpoints costs more than everything
// else an event needs; at thousands of events a second it was the process's ceiling.
//
// It takes only what it is sure of, before reading a byte: a POST to an analytics endpoint, for a host Koa would not
// redirect, from the site's own pages (Sec-Fetch-Site: same-origin), a declared length within the limit, JSON or
// text/plain. Everything else goes to Koa untouched. The request is counted against its address's budget while its
// body arrives; once the body is read, a beacon that is not accepted (over budget, bad JSON, a field refused, the
// writer unable to commit it) is handed to Koa with the body it read and without counting it again, so every
// refusal is the one the routes give, from one place.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setPreReadBody } from '#api/http/read-body.ts';
import { HttpError } from '#api/errors.ts';
import type { RequestBudget } from '#api/middleware/rate-limit.ts';
import { defaultPolicy, securityHeaderValues } from '#api/middleware/security-headers.ts';
import { canonicalHostCheck } from '#api/fast-path.ts';
import type { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { ANALYTICS_BEACON_PATHS, ANALYTICS_BODY_LIMIT, BEACON_KINDS, acceptBeacon, setBeaconRefusal, type BeaconKind } from './routes.ts';
import { nodeRequestSources } from '#api/http/request-source.ts';

export interface BeaconPathOptions {
  writer: AnalyticsWriter;
  budget: RequestBudget;
  production: boolean;
  publicOrigin?: string;
  /** TRUST_PROXY's list: the client's address is then the last X-Forwarded-For entry, as Koa reads it. */
  trustedProxies: string[];
  /** The IPv6 prefix that counts as one source (api/http/request-source.ts); 64 when unset. */
  ipv6SourcePrefix?: number;
}

/** Answers the request and returns true, or returns false and leaves it to `koa`; may hand it over later. */
export type BeaconPath = (
  req: IncomingMessage,
  res: ServerResponse,
  koa: (req: IncomingMessage, res: ServerResponse) => unknown,
) => boolean;

const KIND_OF_PATH = new Map<string, BeaconKind>(BEACON_KINDS.map((kind) => [`/api/analytics/${kind}`, kind]));

export function createBeaconPath(options: BeaconPathOptions): BeaconPath {
  const hostIsCanonical = canonicalHostCheck(options.publicOrigin, options.trustedProxies.length > 0);
  const sourceOf = nodeRequestSources(options.trustedProxies, options.ipv6SourcePrefix);
  const headers = {
    ...securityHeaderValues({ production: options.production }),
    'Content-Security-Policy': defaultPolicy('/api/analytics/'),
    'Cache-Control': 'no-store',
  };

  return (req, res, koa) => {
    if (req.method !== 'POST' || !req.url) return false;
    const kind = KIND_OF_PATH.get(req.url);
    if (!kind || !hostIsCanonical(req) || req.headers['sec-fetch-site'] !== 'same-origin') return false;
    if (req.headers['transfer-encoding'] || !isAcceptedType(req.headers['content-type'], req.url)) return false;
    const length = Number(req.headers['content-length']);
    if (!(length > 0 && length <= ANALYTICS_BODY_LIMIT)) return false;
    // Counted while the body arrives (on a shared store the count is a round trip); once for both paths.
    const verdict = options.budget.take(sourceOf(req), req);

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client that leaves mid-body gets nothing, as on Koa's path; the socket is already closing.
    req.on('error', () => {});
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const handOver = (err?: unknown) => {
        setPreReadBody(req, body);
        // The writer's own refusal (503, 422) is passed on as it is: writing the item again would only fail again.
        if (err instanceof HttpError) setBeaconRefusal(req, err);
        void koa(req, res);
      };
      // Over budget (or a store that failed): Koa's rate limit answers from the same verdict.
      verdict.then(
        (waitSeconds) => {
          if (waitSeconds > 0) return handOver();
          let payload: unknown;
          try {
            payload = JSON.parse(body.toString('utf8'));
          } catch {
            return handOver();
          }
          acceptBeacon(kind, payload, req.headers['user-agent'], options.writer).then(() => {
            res.writeHead(204, headers);
            res.end();
          }, handOver);
        },
        () => handOver(),
      );
    });
    return true;
  };
}

/**
 * application/json, parameters aside, or text/plain on the paths sendBeacon posts to (Koa's same-origin rule refuses
 * it elsewhere); anything less plain is Koa's to judge.
 */
function isAcceptedType(contentType: string | undefined, path: string): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type === 'text/plain' && ANALYTICS_BEACON_PATHS.includes(path));
}
