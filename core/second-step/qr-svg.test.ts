// The authenticator-app QR code as SVG: the path drawn is exactly the qrcode package's matrix (every dark module,
// nothing else, inside the quiet zone), and the markup is accessible and safe to put into a page.
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrSvg } from './qr-svg.ts';
import { otpauthUri } from './totp.ts';

const URI = otpauthUri({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', account: 'ana@example.com', issuer: 'Velada' });

/** Fills a grid from the path's rectangles (`M x y h n v1 h -n z`), failing on any other command or an overlap. */
function drawnModules(svg: string, side: number): boolean[][] {
  const d = svg.match(/<path fill="#000" d="([^"]*)"\/>/)?.[1];
  expect(d, 'the dark path').toBeDefined();
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const rectangles = [...d!.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  expect(rectangles.map((m) => m[0]).join(''), 'nothing but rectangles one module high').toBe(d);
  for (const [, x, y, width, back] of rectangles.map((m) => m.map(Number))) {
    expect(back).toBe(width);
    for (let col = x!; col < x! + width!; col++) {
      expect(grid[y!]![col], `module ${y},${col} drawn twice`).toBe(false);
      grid[y!]![col] = true;
    }
  }
  return grid;
}

describe('qrSvg', () => {
  const { modules } = create(URI, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QR_QUIET_ZONE;
  const svg = qrSvg(URI, 'Código QR para la app de autenticación');

  it('draws every dark module of the matrix and no other, shifted by the quiet zone of 4', () => {
    const grid = drawnModules(svg, side);
    let dark = 0;
    for (let row = 0; row < side; row++) {
      for (let col = 0; col < side; col++) {
        const inside = [row, col].every((i) => i >= QR_QUIET_ZONE && i < QR_QUIET_ZONE + modules.size);
        const expected = inside && Boolean(modules.get(row - QR_QUIET_ZONE, col - QR_QUIET_ZONE));
        expect(grid[row]![col], `module ${row},${col}`).toBe(expected);
        if (grid[row]![col]) dark++;
      }
    }
    expect(dark).toBe(modules.data.reduce((sum, bit) => sum + (bit ? 1 : 0), 0));
    expect(dark).toBeGreaterThan(100);
  });

  it('is an SVG image with a name, a viewBox of the symbol and its quiet zone, black on white, crisp edges', () => {
    expect(QR_QUIET_ZONE).toBe(4);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>.*<\/svg>$/s);
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Código QR para la app de autenticación"');
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).toContain(`<rect width="${side}" height="${side}" fill="#fff"/>`);
    expect(svg.indexOf('fill="#fff"')).toBeLessThan(svg.indexOf('fill="#000"')); // white drawn first, under
    expect(svg).not.toMatch(/\s(width|height)="[^"]*"[^>]*role=/); // sized by the page's CSS
  });

  it('escapes the label', () => {
    const escaped = qrSvg(URI, `"><script>alert('x')</script> & co`);
    expect(escaped).toContain('aria-label="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"');
    expect(escaped).not.toContain('<script');
    expect(escaped.match(/</g)).toHaveLength(svg.match(/</g)!.length);
  });

  it('grows with the text and stays the same for the same text', () => {
    expect(qrSvg(URI, 'QR')).toBe(qrSvg(URI, 'QR'));
    const longer = qrSvg(`${URI}&image=${'x'.repeat(200)}`, 'QR');
    const longerSide = Number(longer.match(/viewBox="0 0 (\d+) /)![1]);
    expect(longerSide).toBeGreaterThan(side);
  });
});
