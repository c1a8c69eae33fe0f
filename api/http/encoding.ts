// Content negotiation shared by the fast path and the render cache's Koa path: which encoding to send, and
// whether the browser already has the response.
/** If-None-Match against an ETag, weakly (a W/ prefix on either side is ignored), as for GET and HEAD. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export type Encoding = 'br' | 'gzip' | 'identity';
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a bounded memo).
const encodingMemo = new Map<string, Encoding>();

/** The best of br, gzip and identity that Accept-Encoding allows (q=0 refuses; `*` allows br). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const memo = encodingMemo.get(acceptEncoding);
  if (memo) return memo;
  const allowed = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(name!.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const wildcard = allowed.get('*');
  const ok = (name: string) => (allowed.get(name) ?? wildcard ?? 0) > 0;
  const encoding: Encoding = ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
  if (encodingMemo.size < 256) encodingMemo.set(acceptEncoding, encoding);
  return encoding;
}
