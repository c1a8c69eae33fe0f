// What the app answers MercadoPago's notifications (POST /api/payments/mercadopago/webhook): received, and for a
// payment, what came of it (read in MercadoPago's delivery log). Built by core/payments/mercadopago-confirmation.ts.
export interface NotificationReceived {
  received: true;
  result?: 'completed' | 'already_completed' | 'not_approved' | 'unknown_reference' | 'amount_mismatch' | 'not_pending' | 'duplicate';
}
