// The panel's data calls, as the seed's generic fetcher does them: same-origin with cookies, no retries, no
// automatic refetch. A non-OK answer throws an Error whose message is "status: body text" (or the status text).
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/admin/${path}`, {
    method,
    credentials: 'same-origin',
    headers: method === 'GET' ? undefined : { 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  return (response.status === 204 ? null : await response.json()) as T;
}

/** GET of the URL made by joining the key's segments with a slash, like the seed's fetcher. */
export const getData = <T>(...key: string[]) => request<T>('GET', key.join('/'));
export const postData = <T>(path: string, body?: unknown) => request<T>('POST', path, body);
export const putData = <T>(path: string, body?: unknown) => request<T>('PUT', path, body);

/** The Spanish message the server gave in a failed call, when it gave one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    return (JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as { error?: { message?: string } }).error?.message;
  } catch {
    return undefined;
  }
}
