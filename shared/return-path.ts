// Where to send someone after a form or a sign-in (`?volver=`): a path of this site, never another origin.
// Browsers drop tabs and newlines from addresses and read '\' as '/', so '/\t/evil.example' would become
// '//evil.example'; a control character in a Location header is also a server error. The one function for every
// redirect target (sign-in, the age gate's form, mail links).

const BASE = 'https://velada.invalid';

export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // The parsed path, not the input: what the browser will request is exactly what was checked.
  return path.startsWith('//') ? fallback : path;
}
