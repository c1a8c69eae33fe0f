// What the security tests need to call one API route (api/security/route-catalogue.ts lists them all).
import type { World } from './world.ts';

export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** A signed-in advertiser, on their own rows. */
  | 'advertiser'
  /** Staff: a live session, then the route's permission (ADMIN_ROUTES, shared/admin-routes.ts) or any admin. */
  | 'admin'
  /** MercadoPago's notifications: no session, a signature. */
  | 'signature';

export interface RouteCase {
  access: Access;
  /** What the route reads: nothing, a JSON body, or a multipart form (with files). */
  body: 'none' | 'json' | 'multipart';
  /** Path parameters naming seeded rows: the owner's, for advertiser routes. */
  params?: (w: World) => Record<string, number>;
  /** A JSON body the route takes (for the fuzz test's mutations, field by field). */
  example?: (w: World) => Record<string, unknown>;
}

let unique = 0;
/** A number for names that must be unique per body: one that differs only in one field is not stopped by 'already taken'. */
export function uniqueNumber(): number {
  return ++unique;
}

/** A passkey's answer with the shape WebAuthn gives it and nothing a server would accept (decision 069). */
export const PASSKEY_ANSWER = {
  response: {
    id: 'AAECAwQFBgcICQoLDA0ODw',
    rawId: 'AAECAwQFBgcICQoLDA0ODw',
    type: 'public-key',
    response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  },
};
