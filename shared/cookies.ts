// One reading of a Cookie header for every server-side decision that depends on a cookie: the render cache's key
// and the page's render must read a cookie the same way, or a request can make the page render one variant and
// store it under another's key (the age gate opened for everyone by `velada_edad_sinjs=%31`). Values are taken as
// sent: never decoded, never unquoted; when a name comes twice, the first counts.

/** The raw value of the first cookie called `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
