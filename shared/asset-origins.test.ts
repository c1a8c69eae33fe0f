import { describe, expect, it } from 'vitest';
import { assetsOriginOf, builtAssetSources } from './asset-origins.ts';

describe('ASSETS_ORIGIN', () => {
  it('is an origin, or nothing', () => {
    expect(assetsOriginOf(undefined)).toBeUndefined();
    expect(assetsOriginOf('')).toBeUndefined();
    expect(assetsOriginOf('https://cdn.velada.com.ar')).toBe('https://cdn.velada.com.ar');
    expect(assetsOriginOf('https://cdn.velada.com.ar/')).toBe('https://cdn.velada.com.ar');
  });

  it('refuses a path, a query, another scheme or no address, saying what it wants', () => {
    for (const value of [
      'https://cdn.velada.com.ar/assets',
      'https://cdn.velada.com.ar/?v=1',
      'ftp://cdn.velada.com.ar',
      'cdn.velada.com.ar',
    ])
      expect(() => assetsOriginOf(value), value).toThrow(/ASSETS_ORIGIN must be an origin like https:\/\/cdn\.velada\.com\.ar/);
  });

  it("adds the origin to the site's own sources", () => {
    expect(builtAssetSources(undefined)).toEqual(["'self'"]);
    expect(builtAssetSources('https://cdn.velada.com.ar')).toEqual(["'self'", 'https://cdn.velada.com.ar']);
  });
});
