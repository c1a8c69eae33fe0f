// Perceptual hashes of photos (docs/decisions/043): the same picture resized, re-encoded or slightly cropped keeps
// nearly the same 64 bits, a different picture differs in many. A DCT hash (pHash): the picture in grey at 32 x 32,
// its 8 x 8 lowest frequencies, each bit set when the frequency is above their median. Pure: the server computes
// the grey pixels with sharp (api/services/image-store.ts), the database finds candidates by the hash's bands.
// A picture flipped left to right has another hash: each photo also keeps the hash of its mirror image, and a new
// photo is compared by both (docs/decisions/067-photo-trust.md).

export const HASH_SIDE = 32;
/**
 * Photos whose hashes differ in at most this many bits are the same picture. Measured (api/services/photo-hash.test.ts,
 * docs/decisions/043): copies resized or re-encoded differ by 0-6 bits, cropped by 2-3 % mostly by 2-8 (the median
 * split makes distances even); of 180,000 pairs of different generated pictures (the demo's), the closest differ
 * by 10. Real photos are far richer in detail than those.
 */
export const MAX_HASH_DISTANCE = 8;
/**
 * The hash cut into 4 bands of 16 bits, each stored in an indexed column (b0 … b3). Two hashes at most 11 bits apart
 * (MAX_HASH_DISTANCE may rise to 11 with no change here) have a band within 2 bits of the other's (if every band
 * differed in 3 or more, they would differ in 12): the
 * candidates are the photos with a band among the 137 values within 2 bits of one of ours (index lookups, about 0.8 %
 * of the photos when bits are even), and the real distance is checked on them.
 */
export const HASH_BANDS = 4;
const BAND_BITS = 16;
const PROBE_RADIUS = 2;
// A picture with almost no contrast (a plain colour) has no hash worth comparing: every such picture would match.
const MIN_CONTRAST = 2;

const N = HASH_SIDE;
const COS: number[][] = Array.from({ length: 8 }, (_, k) =>
  Array.from({ length: N }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * N))),
);

/** The hash (16 hex digits) of a HASH_SIDE x HASH_SIDE grey picture, one byte per pixel; null when it is flat. */
export function hashOfGreyPixels(pixels: Uint8Array): string | null {
  if (pixels.length !== N * N) throw new Error(`expected ${N * N} grey pixels`);
  let sum = 0;
  for (const p of pixels) sum += p;
  const mean = sum / pixels.length;
  let variance = 0;
  for (const p of pixels) variance += (p - mean) ** 2;
  if (Math.sqrt(variance / pixels.length) < MIN_CONTRAST) return null;
  // The rows' transform first, then the columns': 8 x 32 x 32 x 2 products instead of 8 x 8 x 32 x 32.
  const rows: number[][] = Array.from({ length: N }, (_, y) => COS.map((c) => c.reduce((s, cos, x) => s + pixels[y * N + x]! * cos, 0)));
  const coefficients: number[] = [];
  for (let u = 0; u < 8; u++) for (let v = 0; v < 8; v++) coefficients.push(rows.reduce((s, row, y) => s + row[v]! * COS[u]![y]!, 0));
  const ac = coefficients.slice(1).sort((a, b) => a - b);
  const median = (ac[31]! + ac[32]!) / 2;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | (coefficients[i + j]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** The same grey picture flipped left to right (HASH_SIDE x HASH_SIDE, one byte per pixel). */
export function mirroredGreyPixels(pixels: Uint8Array): Uint8Array {
  if (pixels.length !== N * N) throw new Error(`expected ${N * N} grey pixels`);
  const mirrored = new Uint8Array(pixels.length);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) mirrored[y * N + x] = pixels[y * N + (N - 1 - x)]!;
  return mirrored;
}

/** A picture's hash and its mirror image's; both null for a flat picture. */
export interface PictureHashes {
  hash: string | null;
  mirrorHash: string | null;
}

/** Both hashes of a HASH_SIDE x HASH_SIDE grey picture. */
export function hashesOfGreyPixels(pixels: Uint8Array): PictureHashes {
  const hash = hashOfGreyPixels(pixels);
  return { hash, mirrorHash: hash === null ? null : hashOfGreyPixels(mirroredGreyPixels(pixels)) };
}

const POPCOUNT = Array.from({ length: 16 }, (_, n) => (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1) + ((n >> 3) & 1));

/** How many bits differ between two hashes. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < 16; i++) bits += POPCOUNT[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  return bits;
}

/** The hash's bands (0-65535 each), in order: the values of the columns b0 … b3. */
export function hashBands(hash: string): number[] {
  return Array.from({ length: HASH_BANDS }, (_, i) => parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/** For each band, the values within PROBE_RADIUS bits of ours: where a photo within MAX_HASH_DISTANCE must match one. */
export function bandProbes(hash: string): number[][] {
  return hashBands(hash).map((band) => {
    const values = [band];
    for (let i = 0; i < BAND_BITS; i++) {
      values.push(band ^ (1 << i));
      for (let j = i + 1; j < BAND_BITS && PROBE_RADIUS >= 2; j++) values.push(band ^ (1 << i) ^ (1 << j));
    }
    return values;
  });
}

export const sameSubject = (a: string, b: string) => hashDistance(a, b) <= MAX_HASH_DISTANCE;
