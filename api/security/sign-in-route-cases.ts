// Signing in, in the security tests' catalogue (api/security/route-catalogue.ts): staff's password and the second
// step after it (decision 069; public: each step needs the one its cookie names), an advertiser's second step,
// passkey sign-in and "Seguridad". Staff's own "Seguridad" is with the staff routes (api/security/staff-route-cases.ts).
import { PASSKEY_ANSWER, type RouteCase } from './route-cases.ts';

export const SIGN_IN_ROUTE_CASES: Record<string, RouteCase> = {
  'POST /api/admin/login': {
    access: 'public',
    body: 'json',
    example: () => ({ username: 'velada_admin', password: 'una-clave-equivocada' }),
  },
  'POST /api/admin/logout': { access: 'public', body: 'none' },
  // Staff sign-in's second step and set-up.
  'POST /api/admin/login/code': { access: 'public', body: 'json', example: () => ({ code: '123456' }) },
  'POST /api/admin/login/passkey/options': { access: 'public', body: 'none' },
  'POST /api/admin/login/passkey': { access: 'public', body: 'json', example: () => PASSKEY_ANSWER },
  'POST /api/admin/login/setup/totp': { access: 'public', body: 'none' },
  'POST /api/admin/login/setup/totp/confirm': { access: 'public', body: 'json', example: () => ({ code: '123456' }) },
  'POST /api/admin/login/setup/passkey/options': { access: 'public', body: 'none' },
  'POST /api/admin/login/setup/passkey': { access: 'public', body: 'json', example: () => PASSKEY_ANSWER },
  // Advertisers: the second step, signing in with a passkey, and "Seguridad".
  'POST /api/advertiser/login/code': { access: 'public', body: 'json', example: () => ({ code: '123456' }) },
  'POST /api/advertiser/login/passkey/options': { access: 'public', body: 'none' },
  'POST /api/advertiser/login/passkey': { access: 'public', body: 'json', example: () => PASSKEY_ANSWER },
  'POST /api/advertiser/passkey/options': { access: 'public', body: 'none' },
  'POST /api/advertiser/passkey/sign-in': { access: 'public', body: 'json', example: () => PASSKEY_ANSWER },
  'GET /api/advertiser/security': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/security/passkeys/options': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/security/passkeys': { access: 'advertiser', body: 'json', example: () => PASSKEY_ANSWER },
  'DELETE /api/advertiser/security/passkeys/:id': { access: 'advertiser', body: 'none', params: (w) => ({ id: w.ownerPasskeyId }) },
  'POST /api/advertiser/security/totp': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/security/totp/confirm': { access: 'advertiser', body: 'json', example: () => ({ code: '123456' }) },
  'DELETE /api/advertiser/security/totp': { access: 'advertiser', body: 'none' },
  'POST /api/advertiser/security/recovery-codes': { access: 'advertiser', body: 'none' },
  'PUT /api/advertiser/security/second-step': { access: 'advertiser', body: 'json', example: () => ({ on: false }) },
  'POST /api/advertiser/security/sessions/end-others': { access: 'advertiser', body: 'none' },
};
