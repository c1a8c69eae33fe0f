// The shape of object keys and folders, checked by every store before it touches a file or a bucket.

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/;

/** Keys are made by this project, never taken from a request: a key outside that shape is a bug. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not an object key: ${key}`);
  return key;
}

export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !KEY.test(`${prefix}x`) || prefix.includes('..')) throw new Error(`not an object folder: ${prefix}`);
  return prefix;
}
