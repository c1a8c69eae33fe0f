// The perceptual hash of uploaded photos (shared/photo-hash.ts through encodeAdImage): copies of a picture match,
// different pictures do not. Pictures are generated (abstract shapes, as the demo's), never photos of people.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { encodeAdImage } from './image-store.ts';
import { createRandom, demoPicture } from '#tooling/factories/index.ts';
import { testJpeg, testPng } from '#api/testing/images.ts';
import { bandProbes, hashBands, hashDistance, MAX_HASH_DISTANCE, sameSubject } from '#shared/photo-hash.ts';

const hashOf = async (bytes: Buffer) => (await encodeAdImage(bytes)).hash!;

describe('perceptual hash of a photo', () => {
  const original = demoPicture(createRandom(41));

  it.each([
    ['resized to 80 % and saved as JPEG at quality 60', (p: Buffer) => sharp(p).resize(640).jpeg({ quality: 60 }).toBuffer()],
    ['re-encoded as JPEG at quality 60', (p: Buffer) => sharp(p).jpeg({ quality: 60 }).toBuffer()],
    [
      'saved as WebP with camera metadata',
      (p: Buffer) =>
        sharp(p)
          .withExif({ IFD0: { Make: 'PruebaCam' } })
          .webp({ quality: 70 })
          .toBuffer(),
    ],
    ['cropped by 3 % on every side', (p: Buffer) => sharp(p).extract({ left: 24, top: 30, width: 752, height: 940 }).toBuffer()],
    ['cropped by 2 % at the top and left', (p: Buffer) => sharp(p).extract({ left: 16, top: 20, width: 784, height: 980 }).toBuffer()],
  ])('matches a copy %s', async (_, copy) => {
    const picture = await original;
    const [a, b] = [await hashOf(picture), await hashOf(await copy(picture))];
    expect(hashDistance(a, b)).toBeLessThanOrEqual(MAX_HASH_DISTANCE);
    // The pigeonhole the index relies on: within the distance, a band of one is among the other's probes.
    expect(hashBands(b).some((band, i) => bandProbes(a)[i]!.includes(band))).toBe(true);
  });

  it('tells 40 different generated pictures apart, with a wide margin', async () => {
    const rand = createRandom(7);
    const hashes = await Promise.all(Array.from({ length: 40 }, async () => hashOf(await demoPicture(rand))));
    let closest = 64;
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hashDistance(hashes[i]!, hashes[j]!));
    expect(closest).toBeGreaterThan(MAX_HASH_DISTANCE + 2);
    expect(sameSubject(hashes[0]!, hashes[1]!)).toBe(false);
  });

  it('finds every hash within the distance among the probes of its bands', () => {
    const a = 'f0e1d2c3b4a59687';
    const flip = (hash: string, bits: number[]) => {
      let n = BigInt(`0x${hash}`);
      for (const bit of bits) n ^= 1n << BigInt(bit);
      return n.toString(16).padStart(16, '0');
    };
    // 11 bits spread over the bands as evenly as possible: 3 + 3 + 3 + 2.
    const b = flip(a, [0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49]);
    expect(hashDistance(a, b)).toBe(11);
    expect(hashBands(b).some((band, i) => bandProbes(a)[i]!.includes(band))).toBe(true);
    expect(bandProbes(a).map((values) => new Set(values).size)).toEqual([137, 137, 137, 137]);
  });

  it('has no hash for a plain colour, which would match every other plain picture', async () => {
    expect((await encodeAdImage(await testPng())).hash).toBeNull();
    expect((await encodeAdImage(await testJpeg())).hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
