// Recovery codes: the way back in when the phone or the passkey is lost. Ten are shown once, written down by the
// person, and each works once; only their hashes are stored.
import crypto from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Characters in a code, without the dashes shown between groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
/**
 * Digits and capitals without the ones read or written alike: 0/O, 1/I/L. That leaves 31 symbols, so a code holds
 * 16 × log2(31) ≈ 79.3 bits: no alphabet without those five reaches 32 symbols (80 bits in 16 characters).
 */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The end of each group of four that another character follows. */
const GROUP_END = /.{4}(?=.)/g;
const VALID = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** Each character drawn uniformly (crypto.randomInt rejects the biased draws a modulo would keep). */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** The form shown and printed: XXXX-XXXX-XXXX-XXXX. */
export const formatRecoveryCode = (normalized: string): string => normalized.replace(GROUP_END, '$&-');

/** A new set of codes, all different, in the form shown to the person. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes].map(formatRecoveryCode);
}

/**
 * A typed code as it is hashed: uppercase, without spaces or dashes. Null when what is left is not 16 characters
 * of the alphabet, so that nothing malformed is hashed or looked up.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  return VALID.test(code) ? code : null;
}

/**
 * SHA-256 hex of a normalized code. A plain hash is enough here, unlike for passwords: a code is ~79 random bits, so
 * a copy of the stored hashes cannot be guessed back by brute force, and a slow or salted hash would add nothing but
 * the need to compare against each stored row instead of looking the hash up.
 */
export const hashRecoveryCode = (normalized: string): string => crypto.createHash('sha256').update(normalized).digest('hex');
