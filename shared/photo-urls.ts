// Where pages find ad photos: the app's own /media/ads (each request checked: photos of ads that are not public
// go only to their owner and staff), or MEDIA_PUBLIC_URL, a public address of the same objects (a CDN or a public
// bucket) for the photos of public ads (docs/decisions/028-object-storage.md).
export const AD_IMAGE_WIDTHS = [400, 800] as const;
export type AdImageWidth = (typeof AD_IMAGE_WIDTHS)[number];

export const APP_PHOTOS_PATH = '/media/ads';

/** `base`: MEDIA_PUBLIC_URL for the photos of public ads on public pages; the app's own path otherwise. */
export function adImageUrl(key: string, width: AdImageWidth, base: string = APP_PHOTOS_PATH): string {
  return `${base}/${key}-${width}.webp`;
}

/** The pages' img-src: the site, data: and blob: (previews of files being uploaded), and MEDIA_PUBLIC_URL's origin. */
export function imageSources(mediaPublicUrl?: string): string {
  return ["'self'", 'data:', 'blob:', ...(mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [])].join(' ');
}
