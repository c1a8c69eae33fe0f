// The codes a "Botón de arrepentimiento" or "Botón de baja" request answers with at once: a prefix and 6 characters
// of an alphabet without look-alikes (no I, L, O, U), as payment references (core/payments/payment-terms.ts).
import crypto from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newRequestCode(prefix: 'ARR' | 'BAJ'): string {
  return `${prefix}-${[...crypto.randomBytes(6)].map((b) => ALPHABET[b % 32]).join('')}`;
}
