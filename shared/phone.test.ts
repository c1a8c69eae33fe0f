// Phone numbers as Argentines type them, brought to E.164, shown in the local form and turned into links.
import { describe, expect, it } from 'vitest';
import { formatPhoneLocal, normalizePhone, PHONE_MESSAGE, phoneFromReference, phoneLinks, phoneSchema } from './phone.ts';
import { adRow, createRandom, demoAdInput } from '#tooling/factories/index.ts';

const BA_MOBILE = '+5491155550123';

describe('normalizePhone', () => {
  it.each([
    '11 5555 0123',
    '11 5555-0123',
    '1155550123',
    '011 15 5555 0123',
    '011 15-5555-0123',
    '(011) 15 5555-0123',
    '11 15 5555 0123',
    '+54 9 11 5555-0123',
    '+54 9 11 5555 0123',
    '+54 911 5555 0123',
    '0054 9 11 5555 0123',
    '5491155550123',
    '+5491155550123',
    // No area code: only area 11 has eight-digit local numbers, so a '15' mobile of that length is from there.
    '15 5555 0123',
    '15-5555-0123',
  ])('reads %j as the Buenos Aires mobile +54 9 11 5555 0123', (typed) => {
    expect(normalizePhone(typed)).toBe(BA_MOBILE);
  });

  it('reads a number written with the trunk 0 and no 15, or in international form without the 9, as a landline', () => {
    expect(normalizePhone('011 4555 0123')).toBe('+541145550123');
    expect(normalizePhone('(011) 4555-0123')).toBe('+541145550123');
    expect(normalizePhone('+54 11 4555 0123')).toBe('+541145550123');
    expect(normalizePhone('+541145550123')).toBe('+541145550123');
  });

  it('knows the other area codes', () => {
    expect(normalizePhone('0351 15 555 0123')).toBe('+5493515550123');
    expect(normalizePhone('351 555 0123')).toBe('+5493515550123');
    expect(normalizePhone('+54 9 221 555 0123')).toBe('+5492215550123');
    expect(normalizePhone('0221 423 4567')).toBe('+542214234567');
  });

  it.each([
    ['empty', ''],
    ['too short', '12345'],
    ['too short, with area code', '11 5555'],
    ['too long', '11 5555 01234'],
    ['letters', 'abc'],
    ['words', 'llamame'],
    ['a number inside words', 'llamame al 11 5555 0123'],
    ['an extension', '011 4555 0123 int. 12'],
    ['a US number', '+1 212 555 0123'],
    ['a Uruguayan mobile', '+598 94 123 456'],
    ['a local number without area code that is not a 15 mobile', '4555 0123'],
    ['an area code that does not exist', '+54 9 19 5555 0123'],
    ['a toll-free number', '0800 333 1234'],
    ['a premium-rate number', '0600 555 0123'],
  ])('refuses %s (%j)', (_what, typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });

  it('keeps what it returns: the stored form and the displayed form read back the same', () => {
    for (const e164 of [BA_MOBILE, '+541145550123', '+5493515550123', '+542214234567']) {
      expect(normalizePhone(e164)).toBe(e164);
      expect(normalizePhone(formatPhoneLocal(e164))).toBe(e164);
    }
  });
});

describe('formatPhoneLocal', () => {
  it('shows the national form, with the 15 of mobiles', () => {
    expect(formatPhoneLocal(BA_MOBILE)).toBe('011 15-5555-0123');
    expect(formatPhoneLocal('+541145550123')).toBe('011 4555-0123');
    expect(formatPhoneLocal('+5493515550123')).toBe('0351 15-555-0123');
  });

  it('leaves what it cannot read as it is', () => {
    expect(formatPhoneLocal('abc')).toBe('abc');
  });
});

describe('phoneLinks', () => {
  it('builds the call and WhatsApp links from the stored international form', () => {
    expect(phoneLinks(BA_MOBILE)).toEqual({ tel: 'tel:+5491155550123', whatsapp: 'https://wa.me/5491155550123' });
    expect(phoneLinks('+541145550123')).toEqual({ tel: 'tel:+541145550123', whatsapp: 'https://wa.me/541145550123' });
  });
});

describe('phoneSchema', () => {
  it('gives null for an empty field and E.164 for a number', () => {
    expect(phoneSchema.parse('')).toBeNull();
    expect(phoneSchema.parse('   ')).toBeNull();
    expect(phoneSchema.parse(null)).toBeNull();
    expect(phoneSchema.parse(undefined)).toBeNull();
    expect(phoneSchema.parse(' 11 5555 0123 ')).toBe(BA_MOBILE);
  });

  it('refuses with a Spanish message what cannot be an Argentine number', () => {
    for (const typed of ['+1 212 555 0123', 'llamame', '12345']) {
      const result = phoneSchema.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    }
    expect(PHONE_MESSAGE).toBe('Escribí un teléfono argentino válido, con código de área (por ejemplo 11 5555 0123).');
  });
});

describe('test and demo data', () => {
  it('uses valid international Argentine mobiles', () => {
    const phones = [adRow(1).phone, ...Array.from({ length: 200 }, (_, i) => demoAdInput(createRandom(i), new Date()).phone)];
    for (const phone of phones) {
      expect(phone).toMatch(/^\+549/);
      expect(normalizePhone(phone!)).toBe(phone);
    }
  });
});

describe('phoneFromReference', () => {
  it.each([
    '11 5555 0123',
    'tel:+5491155550123',
    'tel:%2B5491155550123',
    'https://wa.me/5491155550123',
    'wa.me/5491155550123?text=Hola',
    'https://wa.me/541155550123',
    'https://api.whatsapp.com/send?phone=5491155550123&text=hola',
    'https://api.whatsapp.com/send/?phone=%2B5491155550123',
    'whatsapp://send?phone=5491155550123',
  ])('reads %j as the Buenos Aires mobile', (pasted) => {
    expect(phoneFromReference(pasted)).toBe(BA_MOBILE);
  });

  it('keeps a landline as a landline and refuses what holds no Argentine number', () => {
    expect(phoneFromReference('011 4555 0123')).toBe('+541145550123');
    expect(phoneFromReference('https://wa.me/14155550123')).toBeNull();
    expect(phoneFromReference('tel:%E0%A4%A')).toBeNull();
    expect(phoneFromReference('https://velada.example/anuncio/12')).toBeNull();
    expect(phoneFromReference('')).toBeNull();
  });
});
