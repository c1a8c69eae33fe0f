// Renders public/icons/share-1200x630.png, the picture of every link preview (Open Graph, Twitter): the logo and
// the name on the site's colours, never an ad's photo. Run once after changing the logo
// (`node tooling/make-share-image.ts`); the PNG is committed. Text is drawn by librsvg with a system sans-serif font.
import sharp from 'sharp';
import fs from 'node:fs';

const dir = new URL('../public/icons/', import.meta.url);
const logo = fs.readFileSync(new URL('logo.svg', dir)).toString();
// The logo's drawing without its own <svg> wrapper, placed and scaled in the card.
const artwork = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#120d18"/>
  <rect x="0" y="600" width="1200" height="30" fill="#f07aa0"/>
  <g transform="translate(120 175) scale(4.375)">${artwork}</g>
  <text x="460" y="300" fill="#f4eef7" font-family="DejaVu Sans, sans-serif" font-size="112" font-weight="700">Velada</text>
  <text x="464" y="380" fill="#e7b660" font-family="DejaVu Sans, sans-serif" font-size="40">Avisos clasificados en CABA</text>
</svg>`;

await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toFile(new URL('share-1200x630.png', dir).pathname);
