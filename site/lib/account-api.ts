// Calls of the advertiser's own pages to /api/advertiser/*: same origin, JSON, no retries. A failed call throws
// an AccountApiError carrying the server's Spanish message and, for a form field, its name and the reason alone.
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

export async function accountCall<T = unknown>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/advertiser/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new AccountApiError(0, undefined);
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as { error?: AccountApiError } & T) : null;
  if (!response.ok) throw new AccountApiError(response.status, parsed?.error);
  return parsed as T;
}

/** Where to go after signing in: a path of this site, never another origin. */
export function safeNext(next: string | null | undefined, fallback = '/mi-cuenta'): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}
