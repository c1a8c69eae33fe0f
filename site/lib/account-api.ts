// Calls of the site's public and advertiser pages to its own API (/api/advertiser/*, /api/reports, /api/contact):
// same origin, JSON or a multipart form, no retries. A failed call throws an AccountApiError carrying the
// server's Spanish message and, for a form field, its name and the reason alone. (The staff panel has its own,
// the seed's fetcher: site/lib/admin-api.ts.)
export class AccountApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The reason without the field's name, to show next to the field. */
  readonly detail: string;
  constructor(status: number, body: { code?: string; field?: string; detail?: string; message?: string } | undefined) {
    super(body?.message ?? 'No pudimos conectar con el servidor. Revisá tu conexión y probá de nuevo.');
    this.status = status;
    this.code = body?.code ?? 'network_error';
    this.field = body?.field;
    this.detail = body?.detail ?? this.message;
  }
}

/** One call to the API: a FormData body goes as a multipart form, anything else as JSON. 204 answers null. */
export async function callApi<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: form ? undefined : { 'Content-Type': 'application/json' },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AccountApiError(0, undefined);
  }
  const text = await response.text();
  let parsed: ({ error?: ConstructorParameters<typeof AccountApiError>[1] } & T) | null = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not our JSON (a proxy's error page, say): the status alone says it failed.
  }
  if (!response.ok) throw new AccountApiError(response.status, parsed?.error);
  return parsed as T;
}

/** POST /api/advertiser/{path}. */
export const accountCall = <T = unknown>(path: string, body?: unknown): Promise<T> =>
  callApi<T>('POST', `/api/advertiser/${path}`, body ?? {});
