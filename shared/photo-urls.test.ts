import { describe, expect, it } from 'vitest';
import { adImageUrl, imageSources } from './photo-urls.ts';

describe('photo URLs', () => {
  it("point at the app's /media/ads unless pages are given MEDIA_PUBLIC_URL", () => {
    const key = 'ab'.repeat(16);
    expect(adImageUrl(key, 400)).toBe(`/media/ads/${key}-400.webp`);
    expect(adImageUrl(key, 800, 'https://media.velada.com.ar/ads')).toBe(`https://media.velada.com.ar/ads/${key}-800.webp`);
  });

  it("let pages load images from MEDIA_PUBLIC_URL's origin, and from nowhere else outside the site", () => {
    expect(imageSources()).toBe("'self' data: blob:");
    expect(imageSources('https://media.velada.com.ar:8443/velada/uploads/ads')).toBe("'self' data: blob: https://media.velada.com.ar:8443");
  });
});
