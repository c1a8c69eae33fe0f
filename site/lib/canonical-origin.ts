// The browser half of the canonical-origin rule (the server sends a 301): when the static pages are served
// from another host, such as a CDN's own name, the visitor is sent to PUBLIC_ORIGIN. Local hosts are left alone.
import { isLocalHost } from '#shared/local-host.ts';

const configured = import.meta.env.PUBLIC_ORIGIN as string | undefined;
const publicOrigin = configured ? new URL(configured).origin : undefined;

if (publicOrigin && location.origin !== publicOrigin && !isLocalHost(location.hostname)) {
  location.replace(publicOrigin + location.pathname + location.search + location.hash);
}
