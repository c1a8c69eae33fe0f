// Whether this browser can use passkeys. False while rendering on the server and hydrating, so that the server's
// HTML and the first render agree; the browser's answer follows at once.
import { useSyncExternalStore } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

const unchanging = () => () => undefined;

export function useWebAuthnSupport(): boolean {
  return useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => false);
}
