// Authenticator-app codes: RFC 6238's published SHA-1 vectors, the ±1 step window, replay refusal, malformed input,
// RFC 4648's base32 vectors and the otpauth:// URI.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, otpauthUri, totpCode, totpStep, verifyTotp } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 key is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const at = (seconds: number) => new Date(seconds * 1000);

describe('base32 (RFC 4648)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];

  it.each(vectors)('encodes %j as %j without padding, and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it('decodes lowercase, spaces and trailing padding as people paste them', () => {
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
  });

  it('round-trips random bytes of every length', () => {
    for (let length = 0; length <= 41; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
  });

  it('throws on characters outside the alphabet and on impossible lengths', () => {
    for (const bad of ['MZXW0YTB', 'MZXW1YTB', 'MZXW8YTB', 'MZX-W6YT', 'MZXW6YTBOI!', 'MZXW6YTÑ']) {
      expect(() => base32Decode(bad), bad).toThrow(/base32/);
    }
    for (const bad of ['M', 'MZX', 'MZXW6Y']) expect(() => base32Decode(bad), bad).toThrow(/length/);
  });
});

describe('newTotpSecret', () => {
  it('is 20 random bytes as 32 base32 characters, different each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});

describe('totpCode (RFC 6238 Appendix B, SHA-1, last 6 of the 8 digits)', () => {
  it('encodes the ASCII test key as expected', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  it.each(vectors)('at T=%i gives the last 6 digits of %s', (seconds, eightDigits) => {
    expect(totpCode(RFC_SECRET, totpStep(at(seconds)))).toBe(eightDigits.slice(2));
  });

  it('counts 30-second steps from the epoch', () => {
    expect(totpStep(at(0))).toBe(0);
    expect(totpStep(at(29.999))).toBe(0);
    expect(totpStep(at(30))).toBe(1);
    expect(totpStep(at(59))).toBe(1);
    expect(totpStep(at(1111111109))).toBe(0x23523ec);
  });

  it('keeps leading zeros', () => {
    expect(totpCode(RFC_SECRET, totpStep(at(1234567890)))).toBe('005924');
  });
});

describe('verifyTotp', () => {
  const secret = newTotpSecret();
  const now = at(1_750_000_015); // in the middle of a step
  const step = totpStep(now);
  const code = (offset: number) => totpCode(secret, step + offset);

  it('accepts the current step and one either side, and returns the step matched', () => {
    expect(verifyTotp(secret, code(0), now, null)).toBe(step);
    expect(verifyTotp(secret, code(-1), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, code(1), now, null)).toBe(step + 1);
  });

  it('refuses two steps either side', () => {
    expect(verifyTotp(secret, code(-2), now, null)).toBeNull();
    expect(verifyTotp(secret, code(2), now, null)).toBeNull();
  });

  it('refuses a step at or before the last one used (replay), accepts a later one', () => {
    expect(verifyTotp(secret, code(0), now, step)).toBeNull();
    expect(verifyTotp(secret, code(-1), now, step)).toBeNull();
    expect(verifyTotp(secret, code(-1), now, step - 1)).toBeNull();
    expect(verifyTotp(secret, code(0), now, step - 1)).toBe(step);
    expect(verifyTotp(secret, code(1), now, step)).toBe(step + 1);
  });

  it('refuses a code from another secret', () => {
    const fixedNow = at(1234567890);
    expect(verifyTotp(RFC_SECRET, '005924', fixedNow, null)).toBe(totpStep(fixedNow));
    expect(verifyTotp('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '005924', fixedNow, null)).toBeNull();
  });

  it('removes spaces from the typed code', () => {
    const [a, b] = [code(0).slice(0, 3), code(0).slice(3)];
    expect(verifyTotp(secret, `${a} ${b}`, now, null)).toBe(step);
    expect(verifyTotp(secret, ` ${code(0)}\t`, now, null)).toBe(step);
  });

  it('is null for anything that is not 6 digits', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code(0)}0`, code(0).slice(1), '12-456', '١٢٣٤٥٦', '+12345']) {
      expect(verifyTotp(secret, bad, now, null), bad).toBeNull();
    }
  });
});

describe('otpauthUri', () => {
  it('names the issuer and account in the label and the parameters', () => {
    expect(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'ana@example.com', issuer: 'Velada' })).toBe(
      'otpauth://totp/Velada:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Velada&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('percent-encodes spaces, colons, ampersands and accents (spaces never as "+")', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'José: a&b', issuer: 'Velada Staff' });
    expect(uri).toBe(
      'otpauth://totp/Velada%20Staff:Jos%C3%A9%3A%20a%26b?secret=JBSWY3DPEHPK3PXP&issuer=Velada%20Staff&algorithm=SHA1&digits=6&period=30',
    );
    const parsed = new URL(uri);
    expect(parsed.host).toBe('totp');
    // The one unencoded colon separates issuer from account, whatever colons the account holds.
    const [issuer, account] = parsed.pathname.slice(1).split(':').map(decodeURIComponent);
    expect([issuer, account]).toEqual(['Velada Staff', 'José: a&b']);
    expect(parsed.searchParams.get('issuer')).toBe('Velada Staff');
    expect(parsed.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
  });
});
