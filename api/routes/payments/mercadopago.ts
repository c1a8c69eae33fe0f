// MercadoPago Checkout Pro: a preference per purchase (the page MercadoPago shows the buyer), the payment read
// back from their API, and the check of their webhook's signature. Only used when MERCADOPAGO_ACCESS_TOKEN is
// configured; the tests point MERCADOPAGO_API_URL at a local fake (api/testing/fake-mercadopago.ts).
import crypto from 'node:crypto';

export interface MercadoPagoSettings {
  accessToken: string;
  webhookSecret: string;
  apiUrl: string;
}

export class MercadoPagoUnavailable extends Error {}

export interface MercadoPagoPayment {
  id: string;
  status: string;
  externalReference: string | null;
  amount: number;
  currency: string;
}

const TIMEOUT_MS = 10_000;
/** How long a Checkout Pro page can be paid. */
const CHECKOUT_HOURS = 24;

export function mercadoPagoClient(settings: MercadoPagoSettings) {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${settings.accessToken}`,
          ...(body ? { 'Content-Type': 'application/json', 'X-Idempotency-Key': crypto.randomUUID() } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new MercadoPagoUnavailable(`MercadoPago did not answer: ${(err as Error).message}`);
    }
    if (!response.ok) throw new MercadoPagoUnavailable(`MercadoPago answered ${response.status} to ${method} ${path}`);
    return (await response.json()) as Record<string, unknown>;
  }

  return {
    /** The Checkout Pro page for one payment; MercadoPago sends the buyer back to backUrl and notifies notificationUrl. */
    async createPreference(p: {
      reference: string;
      title: string;
      amount: number;
      backUrl: string;
      notificationUrl: string;
    }): Promise<{ id: string; initPoint: string }> {
      const answer = await call('POST', '/checkout/preferences', {
        items: [{ id: p.reference, title: p.title, quantity: 1, unit_price: p.amount, currency_id: 'ARS' }],
        external_reference: p.reference,
        back_urls: { success: p.backUrl, pending: p.backUrl, failure: p.backUrl },
        auto_return: 'approved',
        notification_url: p.notificationUrl,
        statement_descriptor: 'VELADA',
        // A checkout left open cannot be paid days later, after the payment was cancelled.
        expires: true,
        expiration_date_to: new Date(Date.now() + CHECKOUT_HOURS * 3_600_000).toISOString(),
      });
      if (typeof answer.id !== 'string' || typeof answer.init_point !== 'string')
        throw new MercadoPagoUnavailable('MercadoPago answered a preference without id or init_point');
      return { id: answer.id, initPoint: answer.init_point };
    },

    async getPayment(id: string): Promise<MercadoPagoPayment> {
      const answer = await call('GET', `/v1/payments/${encodeURIComponent(id)}`);
      return {
        id: String(answer.id),
        status: String(answer.status),
        externalReference: typeof answer.external_reference === 'string' ? answer.external_reference : null,
        amount: Number(answer.transaction_amount),
        currency: String(answer.currency_id),
      };
    },
  };
}
export type MercadoPagoClient = ReturnType<typeof mercadoPagoClient>;

/** Notifications older than this (or this far in the future) are refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 10 * 60 * 1000;

/**
 * MercadoPago signs each notification: `x-signature: ts=...,v1=...` where v1 is the HMAC-SHA256 (hex), with the
 * webhook's secret, of `id:{data.id};request-id:{x-request-id};ts:{ts};` (data.id in lower case).
 */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
}

export function signNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex');
}

export function checkNotificationSignature(
  p: { secret: string; signature: string | undefined; requestId: string | undefined; dataId: string },
  now = new Date(),
): 'ok' | 'invalid' | 'stale' {
  if (!p.signature || !p.requestId) return 'invalid';
  const parts = Object.fromEntries(p.signature.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !/^\d{1,15}$/.test(ts) || !v1 || !/^[a-f0-9]{64}$/i.test(v1)) return 'invalid';
  const expected = Buffer.from(signNotification(p.secret, p.dataId, p.requestId, ts), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'invalid';
  // Seconds in their documentation, milliseconds in some deliveries: both are accepted.
  const sentAt = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  return Math.abs(now.getTime() - sentAt) > SIGNATURE_TOLERANCE_MS ? 'stale' : 'ok';
}
