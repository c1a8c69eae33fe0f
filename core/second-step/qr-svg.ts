// The QR code an authenticator app scans to learn its secret, drawn as inline SVG on the server: no script, no image
// request (the secret never leaves the page), and sharp at any size. The qrcode package computes the modules; this
// file only draws them.
import { create } from 'qrcode';

/** Blank modules around the symbol, which scanners need to find its edges (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The dark modules as one path, one unit per module. Each row's runs of adjacent dark modules are drawn as one
 * rectangle (`M x y h n v1 h -n z`): half the size of a square per module, with the same pixels.
 */
function modulesPath(size: number, dark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      const run = col - start;
      parts.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}

/**
 * An accessible inline SVG of `text` as a QR code (error correction M, which phone cameras read reliably off a
 * screen): role="img" with the label as its name, black on white whatever the page's colours, a quiet zone of four
 * modules, and crisp edges so no module is blurred. It has no width or height: the page sizes it with CSS.
 * The label is escaped here, so the result can be put into the page as HTML.
 */
export function qrSvg(text: string, label: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QR_QUIET_ZONE;
  const path = modulesPath(modules.size, (row, col) => Boolean(modules.get(row, col)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${escapeXml(label)}"` +
    ` shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/>` +
    `</svg>`
  );
}
