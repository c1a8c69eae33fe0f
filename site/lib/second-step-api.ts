// The calls of the second step of signing in and of "Seguridad", for staff and advertisers alike: the same paths
// under each side's base (shared/contracts/second-step.ts), and the browser's passkey ceremonies in between.
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, callApi } from './api-client.ts';
import type { FactorAdded, SecurityOverview } from '#shared/contracts/second-step.ts';

/** Staff or advertiser: where that side's API lives. */
export type AccountBase = '/api/admin' | '/api/advertiser';

export const postStep = <T = unknown>(base: AccountBase, path: string, body?: unknown) => callApi<T>('POST', `${base}/${path}`, body ?? {});
export const getSecurity = (base: AccountBase) => callApi<SecurityOverview>('GET', `${base}/security`);
export const deleteStep = (base: AccountBase, path: string) => callApi<null>('DELETE', `${base}/${path}`);
export const putStep = (base: AccountBase, path: string, body: unknown) => callApi<unknown>('PUT', `${base}/${path}`, body);

/** Proves a passkey: the challenge from `optionsPath`, the browser's signed answer to `verifyPath`. */
export async function provePasskey<T>(base: AccountBase, optionsPath: string, verifyPath: string): Promise<T> {
  const optionsJSON = await postStep<PublicKeyCredentialRequestOptionsJSON>(base, optionsPath);
  const response = await startAuthentication({ optionsJSON });
  return postStep<T>(base, verifyPath, { response });
}

/** Creates a passkey on this device: the options from `optionsPath`, the new credential to `savePath`. */
export async function createPasskey(base: AccountBase, optionsPath: string, savePath: string): Promise<FactorAdded> {
  const optionsJSON = await postStep<PublicKeyCredentialCreationOptionsJSON>(base, optionsPath);
  const response = await startRegistration({ optionsJSON });
  return postStep<FactorAdded>(base, savePath, { response });
}

/**
 * What to tell the person when something failed: the server's message (or the client's for a lost connection), or
 * what went wrong in the browser's passkey dialog (cancelled, timed out, already created, not supported).
 */
export function stepProblem(error: unknown, passkey: 'use' | 'create' = 'use'): string {
  if (error instanceof ApiError) return error.message;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'Este dispositivo ya tiene una passkey de tu cuenta.';
  // The person closed the dialog, or it timed out: browsers do not tell the two apart.
  if (name === 'NotAllowedError' || name === 'AbortError')
    return passkey === 'create'
      ? 'La passkey no se creó: se canceló o pasó el tiempo. Probá de nuevo.'
      : 'La passkey no se usó: se canceló o pasó el tiempo. Probá de nuevo.';
  return passkey === 'create'
    ? 'Este navegador o dispositivo no pudo crear la passkey. Probá de nuevo o usá otro dispositivo.'
    : 'Este navegador o dispositivo no pudo usar la passkey. Probá de nuevo o elegí otro método.';
}

/** The server wants a recent sign-in before this change (a 403 with its reason). */
export const needsRecentSignIn = (error: unknown) => error instanceof ApiError && error.status === 403 && error.fromServer;
/** A sign-in step that cannot go on (too many wrong codes, or over 10 minutes): the password must be typed again. */
export const stepOver = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 429 || error.code === 'step_expired');
/** The session is gone (ended elsewhere or idle). */
export const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Each side's sign-in page, back to "Seguridad" afterwards where the page allows it. */
export const signInPage = (base: AccountBase) =>
  base === '/api/admin' ? '/admin/login' : `/ingresar?volver=${encodeURIComponent('/mi-cuenta#seguridad')}`;

/** "Ingresar de nuevo": ends this session (the sign-in pages send a signed-in person away) and opens the sign-in. */
export async function signInAgain(base: AccountBase): Promise<void> {
  // Signed out or not reachable: either way the sign-in page is where this goes.
  await postStep(base, 'logout').catch(() => undefined);
  window.location.assign(signInPage(base));
}

/** A code as typed or pasted, without spaces (apps show "123 456"); the server reads dashes and case itself. */
export const cleanCode = (code: string) => code.replace(/\s+/g, '');
