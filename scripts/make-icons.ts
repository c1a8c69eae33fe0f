// Renders the app icons in public/icons from logo.svg. Run once after changing the logo; the PNGs are committed.
import sharp from 'sharp';
import fs from 'node:fs';

const dir = new URL('../public/icons/', import.meta.url);
const logo = fs.readFileSync(new URL('logo.svg', dir));
// Maskable icons keep the artwork inside the central 80% "safe zone"; the background fills the rest.
const maskable = Buffer.from(
  logo
    .toString()
    .replace('<rect width="64" height="64" rx="14"', '<rect x="-8" y="-8" width="80" height="80"')
    .replace('viewBox="0 0 64 64"', 'viewBox="-8 -8 80 80"'),
);
for (const size of [192, 512]) {
  await sharp(logo, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, dir).pathname);
  await sharp(maskable, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(new URL(`maskable-${size}.png`, dir).pathname);
}
await sharp(logo, { density: 600 })
  .resize(180, 180)
  .flatten({ background: '#1c1424' })
  .png()
  .toFile(new URL('apple-touch-icon.png', dir).pathname);
await sharp(logo, { density: 300 }).resize(48, 48).png().toFile(new URL('favicon-48.png', dir).pathname);
