// The build's memo of Astro's CSP digests: it must still find Astro's function in the installed version (an upgrade
// that renames it fails here, not only at build time), and it must compute each distinct digest once.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEPT_DIGESTS, memoizeCspDigest } from './memoized-csp-digests.ts';

/** Runs a rewritten module's source whose digest counts its calls; returns its memoized function and the count. */
function load(source: string) {
  const calls = { count: 0 };
  const generate = new Function('calls', `${memoizeCspDigest(source)}\nreturn generateCspDigest;`)(calls) as (
    data: string,
    algorithm: string,
  ) => Promise<string>;
  return { generate, calls };
}

const FAKE = 'async function generateCspDigest(data, algorithm) { calls.count++; return `${algorithm}-${data.length}`; }';

describe('memoized CSP digests', () => {
  it("rewrites the installed Astro's encryption module", () => {
    const astroDir = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));
    const source = fs.readFileSync(path.join(astroDir, 'dist/core/encryption.js'), 'utf8');
    const rewritten = memoizeCspDigest(source);
    expect(rewritten).toContain('async function computeCspDigest(data, algorithm) {');
    expect(rewritten).toContain('function generateCspDigest(data, algorithm) {');
  });

  it('refuses a source without the function', () => {
    expect(() => memoizeCspDigest('export const x = 1;')).toThrow(/generateCspDigest has changed/);
  });

  it('computes each distinct digest once, keeping a bounded number', async () => {
    const { generate, calls } = load(FAKE);
    expect(await generate('body{}', 'SHA-256')).toBe('SHA-256-6');
    expect(await generate('body{}', 'SHA-256')).toBe('SHA-256-6');
    expect(await generate('body{}', 'SHA-384')).toBe('SHA-384-6');
    expect(calls.count).toBe(2);
    for (let i = 0; i < KEPT_DIGESTS + 10; i++) await generate(`script ${i}`, 'SHA-256');
    calls.count = 0;
    await generate('body{}', 'SHA-256');
    expect(calls.count).toBe(1);
  });
});
