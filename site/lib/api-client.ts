// The site's one client of its own API, for every island and page script: same origin, JSON or a multipart form,
// no retries. A failed call throws an ApiError carrying the status, the server's stable code and Spanish message
// and, for a form field, its name and the reason alone (the API's error format, api/middleware/errors.ts).
// The staff panel's calls are this client with the /api/admin/ prefix (site/lib/admin-api.ts).
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The reason without the field's name, to show next to the field. */
  readonly detail: string;
  /** Whether the message is the server's own (not the generic one for a failed connection or a foreign answer). */
  readonly fromServer: boolean;
  constructor(status: number, body: { code?: string; field?: string; detail?: string; message?: string } | undefined) {
    super(body?.message ?? 'No pudimos conectar con el servidor. Revisá tu conexión y probá de nuevo.');
    this.status = status;
    this.fromServer = body?.message !== undefined;
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
    throw new ApiError(0, undefined);
  }
  const text = await response.text();
  let parsed: ({ error?: ConstructorParameters<typeof ApiError>[1] } & T) | null = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not our JSON (a proxy's error page, say): the status alone says it failed.
  }
  if (!response.ok) throw new ApiError(response.status, parsed?.error);
  return parsed as T;
}

/** POST /api/advertiser/{path}. */
export const accountCall = <T = unknown>(path: string, body?: unknown): Promise<T> =>
  callApi<T>('POST', `/api/advertiser/${path}`, body ?? {});
