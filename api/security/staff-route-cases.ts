// The staff routes of the security tests' catalogue (api/security/route-catalogue.ts): a live session, then each
// route's permission.
import { cbuFrom } from '#shared/cbu.ts';
import { PASSKEY_ANSWER, uniqueNumber, type RouteCase } from './route-cases.ts';

const reason = () => ({ reason: 'Las fotos no corresponden al aviso.' });

export const STAFF_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/admin/me': { access: 'admin', body: 'none' },
  'POST /api/admin/heartbeat': { access: 'admin', body: 'none' },
  'GET /api/admin/security': { access: 'admin', body: 'none' },
  'POST /api/admin/security/passkeys/options': { access: 'admin', body: 'none' },
  'POST /api/admin/security/passkeys': { access: 'admin', body: 'json', example: () => PASSKEY_ANSWER },
  'DELETE /api/admin/security/passkeys/:id': { access: 'admin', body: 'none', params: (w) => ({ id: w.superPasskeyId }) },
  'POST /api/admin/security/totp': { access: 'admin', body: 'none' },
  'POST /api/admin/security/totp/confirm': { access: 'admin', body: 'json', example: () => ({ code: '123456' }) },
  'DELETE /api/admin/security/totp': { access: 'admin', body: 'none' },
  'POST /api/admin/security/recovery-codes': { access: 'admin', body: 'none' },
  'POST /api/admin/security/sessions/end-others': { access: 'admin', body: 'none' },
  'GET /api/admin/alerts': { access: 'admin', body: 'none' },
  'POST /api/admin/alerts/:id/seen': { access: 'admin', body: 'none', params: (w) => ({ id: w.alertId }) },
  'GET /api/admin/statistics': { access: 'admin', body: 'none' },
  'GET /api/admin/subscribers': { access: 'admin', body: 'none' },
  'GET /api/admin/subscribers/:id/verification': { access: 'admin', body: 'none', params: (w) => ({ id: w.pendingAdvertiserId }) },
  'POST /api/admin/subscribers/:id/verify': { access: 'admin', body: 'none', params: (w) => ({ id: w.pendingAdvertiserId }) },
  'POST /api/admin/subscribers/:id/reject': {
    access: 'admin',
    body: 'json',
    params: (w) => ({ id: w.pendingAdvertiserId }),
    example: reason,
  },
  'GET /api/admin/identity-documents/:id': { access: 'admin', body: 'none', params: (w) => ({ id: w.documentId }) },
  'GET /api/admin/photo-verifications': { access: 'admin', body: 'none' },
  'GET /api/admin/photo-verifications/:id': { access: 'admin', body: 'none', params: (w) => ({ id: w.photoVerificationId }) },
  'GET /api/admin/photo-verifications/:id/selfie': { access: 'admin', body: 'none', params: (w) => ({ id: w.photoVerificationId }) },
  'POST /api/admin/photo-verifications/:id/decide': {
    access: 'admin',
    body: 'json',
    params: (w) => ({ id: w.photoVerificationId }),
    example: (w) => ({ photos: [{ id: w.photoId, verified: false, reason: 'No se ve la misma persona.' }] }),
  },
  'GET /api/admin/ads': { access: 'admin', body: 'none' },
  'GET /api/admin/ads/:id/stats': { access: 'admin', body: 'none', params: (w) => ({ id: w.publishedAdId }) },
  'POST /api/admin/ads/:id/approve': { access: 'admin', body: 'none', params: (w) => ({ id: w.pendingAdId }) },
  'POST /api/admin/ads/:id/reject': { access: 'admin', body: 'json', params: (w) => ({ id: w.pendingAdId }), example: reason },
  'POST /api/admin/ads/:id/remove': { access: 'admin', body: 'json', params: (w) => ({ id: w.publishedAdId }), example: reason },
  'GET /api/admin/reports': { access: 'admin', body: 'none' },
  'POST /api/admin/reports/:id/resolve': { access: 'admin', body: 'none', params: (w) => ({ id: w.reportId }) },
  'POST /api/admin/reports/:id/dismiss': { access: 'admin', body: 'none', params: (w) => ({ id: w.reportId }) },
  // Preservation for the authorities (decision 044): the world's preserved report is released or read.
  'POST /api/admin/reports/:id/preserve': { access: 'admin', body: 'none', params: (w) => ({ id: w.reportId }) },
  'POST /api/admin/reports/:id/release': { access: 'admin', body: 'none', params: (w) => ({ id: w.preservedReportId }) },
  'GET /api/admin/reports/:id/preserved': { access: 'admin', body: 'none', params: (w) => ({ id: w.preservedReportId }) },
  // Safety alerts (decision 040): the number travels in the body only.
  'GET /api/admin/safety-alerts': { access: 'admin', body: 'none' },
  'POST /api/admin/safety-alerts/by-number': { access: 'admin', body: 'json', example: () => ({ phone: '11 5555-0101' }) },
  'POST /api/admin/safety-alerts/:id/approve': { access: 'admin', body: 'none', params: (w) => ({ id: w.pendingSafetyAlertId }) },
  'POST /api/admin/safety-alerts/:id/reject': {
    access: 'admin',
    body: 'json',
    params: (w) => ({ id: w.pendingSafetyAlertId }),
    example: reason,
  },
  'POST /api/admin/safety-alerts/:id/withdraw': {
    access: 'admin',
    body: 'json',
    params: (w) => ({ id: w.approvedSafetyAlertId }),
    example: reason,
  },
  'GET /api/admin/messages': { access: 'admin', body: 'none' },
  'POST /api/admin/messages/:id/answered': { access: 'admin', body: 'none', params: (w) => ({ id: w.messageId }) },
  'GET /api/admin/payments': { access: 'admin', body: 'none' },
  'POST /api/admin/payments/:id/process': {
    access: 'admin',
    body: 'json',
    params: (w) => ({ id: w.paymentId }),
    example: (w) => ({ bankAccountId: w.bankAccountId, notes: 'Transferencia recibida.' }),
  },
  'GET /api/admin/payments/:id/receipt': { access: 'admin', body: 'none', params: (w) => ({ id: w.paymentId }) },
  'GET /api/admin/revocations': { access: 'admin', body: 'none' },
  'POST /api/admin/revocations/:id/refunded': { access: 'admin', body: 'none', params: (w) => ({ id: w.revocationId }) },
  'GET /api/admin/bank-accounts': { access: 'admin', body: 'none' },
  'POST /api/admin/bank-accounts': {
    access: 'admin',
    body: 'json',
    example: () => {
      const unique = uniqueNumber();
      return {
        bankName: 'Banco Tres',
        accountHolder: 'Velada SRL',
        accountNumber: `333${unique}`,
        cbu: cbuFrom('2850590', String(4009041810000 + unique)),
        alias: `velada.t${unique}`,
        accountType: 'savings',
      };
    },
  },
  'POST /api/admin/bank-accounts/:id/activate': { access: 'admin', body: 'none', params: (w) => ({ id: w.bankAccountId }) },
  'GET /api/admin/analytics/summary': { access: 'admin', body: 'none' },
  'GET /api/admin/settings': { access: 'admin', body: 'none' },
  'PUT /api/admin/settings': { access: 'admin', body: 'json', example: () => ({ pricePremium: 16000, priceVip: 27000 }) },
  'GET /api/admin/administrators': { access: 'admin', body: 'none' },
  'POST /api/admin/administrators': {
    access: 'admin',
    body: 'json',
    example: () => ({
      username: `nueva_socia${uniqueNumber()}`,
      fullName: 'Nueva Socia',
      password: 'una-clave-bien-larga',
      permissions: ['view_subscribers'],
    }),
  },
  'POST /api/admin/administrators/:id/disable': { access: 'admin', body: 'none', params: (w) => ({ id: w.throwawayAdminId }) },
  'POST /api/admin/administrators/:id/enable': { access: 'admin', body: 'none', params: (w) => ({ id: w.throwawayAdminId }) },
  'POST /api/admin/administrators/:id/reset-password': { access: 'admin', body: 'none', params: (w) => ({ id: w.throwawayAdminId }) },
  'POST /api/admin/administrators/:id/reset-second-step': { access: 'admin', body: 'none', params: (w) => ({ id: w.throwawayAdminId }) },
  'GET /api/admin/audit-log': { access: 'admin', body: 'none' },
};
