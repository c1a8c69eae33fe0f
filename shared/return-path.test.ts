import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(safeReturnPath('/mi-cuenta')).toBe('/mi-cuenta');
    expect(safeReturnPath('/publicar-anuncio?plan=vip')).toBe('/publicar-anuncio?plan=vip');
    expect(safeReturnPath('/anuncio/a-1?x=1#fotos')).toBe('/anuncio/a-1?x=1#fotos');
  });

  it('refuses anything a browser could take to another origin, or that cannot be a header', () => {
    const attacks = [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example', // ?volver=/%09/evil.example, decoded
      '/\n/x', // ?volver=/%0a/x: was a 500
      '/\r\nSet-Cookie: a=b',
      '/ /evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ];
    for (const bad of attacks) expect(safeReturnPath(bad, '/mi-cuenta'), JSON.stringify(bad)).toBe('/mi-cuenta');
  });

  it('returns the parsed path, so dot segments cannot climb out to a protocol-relative address', () => {
    expect(safeReturnPath('/./evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/a/..//evil.example')).toBe('/');
  });
});
