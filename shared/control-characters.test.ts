import { describe, expect, it } from 'vitest';
import { hasControlCharacters, withoutControlCharacters } from './control-characters.ts';

describe('hasControlCharacters', () => {
  it('finds every C0 control but tab, line feed and carriage return, DEL and lone surrogates', () => {
    for (let code = 0; code < 0x20; code++) {
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(![9, 10, 13].includes(code));
    }
    expect(hasControlCharacters('a\u007fb')).toBe(true);
    expect(hasControlCharacters('a\ud800b')).toBe(true);
    expect(hasControlCharacters('a\udfffb')).toBe(true);
    expect(hasControlCharacters('\ud83d')).toBe(true);
  });

  it('leaves text alone: accents, ñ, emoji, symbols, non-breaking spaces', () => {
    expect(hasControlCharacters('Señora Núñez, 30 años — ¿café? 🙂👍🏽 «hola» €\u00a0$')).toBe(false);
    expect(hasControlCharacters('')).toBe(false);
  });

  it('refuses tabs and line breaks too in single-line text', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${c}b`)).toBe(false);
      expect(hasControlCharacters(`a${c}b`, { multiline: false })).toBe(true);
    }
    expect(hasControlCharacters('Señora 🙂', { multiline: false })).toBe(false);
  });
});

describe('withoutControlCharacters', () => {
  it('turns each into a space and keeps the rest', () => {
    expect(withoutControlCharacters('a\u0000b\tc\nd\u007fe\ud800f 🙂')).toBe('a b c d e f 🙂');
  });
});
