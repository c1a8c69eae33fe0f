// Authenticator-app codes (TOTP, RFC 6238 over RFC 4226's HOTP) as every common app reads them: HMAC-SHA-1,
// 30-second steps, 6 digits. Written on node:crypto because the algorithm is a dozen lines and a library would be
// more code to trust than to read.
import crypto from 'node:crypto';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one that are still accepted: a phone's clock a little off, a code typed slowly. */
export const TOTP_DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, the HMAC-SHA-1 block's recommended key length (RFC 4226 section 4)

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (authenticator apps and otpauth:// URIs omit it). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1; // keep only the bits not yet written, so the number never grows
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes RFC 4648 base32 as people copy it: lowercase, spaces and trailing padding are accepted. Throws on any
 * other character, or on a length no encoder produces (1, 3 or 6 characters past a multiple of 8).
 */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/\s+/g, '').toUpperCase().replace(/=+$/, '');
  if ([1, 3, 6].includes(clean.length % 8)) throw new Error('base32: invalid length');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value === -1) throw new Error('base32: invalid character');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes as 32 base32 characters. */
export const newTotpSecret = (): string => base32Encode(crypto.randomBytes(SECRET_BYTES));

/** The 30-second step a moment falls in, counted from the Unix epoch. */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code for one step, zero-padded to 6 digits (RFC 4226 section 5.3's dynamic truncation). */
export function totpCode(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * Checks a typed code against the current step and one either side. Returns the step it matched, which the caller
 * stores as `lastUsedStep`: a step at or before it is never accepted again, so a code seen over a shoulder or
 * replayed within its minute is refused. Anything that is not 6 digits once spaces are removed is null.
 */
export function verifyTotp(secretBase32: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const typed = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const typedBytes = Buffer.from(typed);
  const current = totpStep(now);
  let matched: number | null = null;
  // Every candidate is computed and compared (no early return), so the time taken says nothing about which one matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const equal = crypto.timingSafeEqual(Buffer.from(totpCode(secretBase32, step)), typedBytes);
    if (equal && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URI an authenticator app scans (the "Key Uri Format" every app follows): the label is
 * "Issuer:account", and the issuer is repeated as a parameter for apps that read only that one. Each part is
 * percent-encoded (spaces as %20, never "+", which some apps show literally).
 */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = [
    ['secret', secret],
    ['issuer', issuer],
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['period', String(TOTP_PERIOD_SECONDS)],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${params}`;
}
