// The staff panel's calls: the site's API client (site/lib/api-client.ts) under /api/admin/, as the panel's
// fetcher always did them: same origin with cookies, no retries, no automatic refetch.
import { ApiError, callApi } from './api-client.ts';

export { ApiError } from './api-client.ts';

/** GET of the URL made by joining the key's segments with a slash. */
export const getData = <T>(...key: string[]) => callApi<T>('GET', `/api/admin/${key.join('/')}`);
export const postData = <T>(path: string, body?: unknown) => callApi<T>('POST', `/api/admin/${path}`, body ?? {});
export const putData = <T>(path: string, body?: unknown) => callApi<T>('PUT', `/api/admin/${path}`, body ?? {});

/** The Spanish message the server gave in a failed call, when it gave one. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof ApiError && error.fromServer ? error.message : undefined;
