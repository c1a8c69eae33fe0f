// The ad check's answers in each language (docs/decisions/039-phone-check.md, 070-languages.md): every kind of
// result the core gives is written in the page's language, the Spanish texts as they were, the links leading to the
// ad and the pages in that language where they exist; and the switcher keeps a check in the other languages.
import { describe, expect, it } from 'vitest';
import { adCodeAnswer, phoneAnswer } from './ad-check-answers.ts';
import { adCheckAlternates, type AdCheckAnswer } from './ad-check-request.ts';
import type { AdCodeCheckView, PhoneCheckView } from '#shared/contracts/public/phone-check.ts';
import { LOCALES } from '#shared/i18n/locales.ts';

const ad = { id: 4321, slug: 'masajes-en-boedo', title: 'Masajes en Boedo' };
const other = { id: 4322, slug: 'otro-aviso', title: 'Otro aviso' };

const CODE_CHECKS: AdCodeCheckView[] = [{ kind: 'found', ad }, { kind: 'unknown' }];
const PHONE_CHECKS: PhoneCheckView[] = [
  { kind: 'invalid' },
  { kind: 'limited', waitSeconds: 30, minutes: 1 },
  { kind: 'limited', waitSeconds: 600, minutes: 10 },
  { kind: 'found', ads: [ad] },
  { kind: 'found', ads: [ad, other] },
  { kind: 'unknown' },
];

describe('adCodeAnswer', () => {
  it('keeps the Spanish answers as they were', () => {
    expect(adCodeAnswer({ kind: 'none' }, 'es')).toBeNull();
    expect(adCodeAnswer({ kind: 'found', ad }, 'es')).toEqual({
      tone: 'success',
      lead: 'Aviso verificado.',
      text: 'El aviso 4321, «Masajes en Boedo», está publicado en Velada y su anunciante verificó su identidad y su mayoría de edad.',
      link: { href: '/anuncio/masajes-en-boedo-4321', label: 'Ver el aviso' },
    });
    expect(adCodeAnswer({ kind: 'unknown' }, 'es')).toEqual({
      tone: 'alert',
      lead: 'No encontramos un aviso publicado con ese código.',
      text: 'Si alguien te lo ofreció como un aviso de Velada, puede ser una estafa: nunca pagues por adelantado.',
      link: { href: '/denunciar?motivo=estafa', label: 'Denunciar una estafa' },
    });
  });

  it('answers in Portuguese and English, linking to the ad in that language and to the report form (Spanish only)', () => {
    expect(adCodeAnswer({ kind: 'found', ad }, 'pt')).toMatchObject({
      lead: 'Anúncio verificado.',
      text: expect.stringContaining('O anúncio 4321, “Masajes en Boedo”, está publicado na Velada'),
      link: { href: '/pt/anuncio/masajes-en-boedo-4321', label: 'Ver o anúncio' },
    });
    expect(adCodeAnswer({ kind: 'found', ad }, 'en')).toMatchObject({
      lead: 'Verified ad.',
      text: expect.stringContaining('Ad 4321, “Masajes en Boedo”, is published on Velada'),
      link: { href: '/en/ad/masajes-en-boedo-4321', label: 'See the ad' },
    });
    expect(adCodeAnswer({ kind: 'unknown' }, 'en')).toMatchObject({
      lead: 'We found no published ad with that code.',
      link: { href: '/denunciar?motivo=estafa', label: 'Report a scam' },
    });
  });

  it('shows an advertiser’s title as written, even one that looks like a placeholder', () => {
    const odd = { ...ad, title: 'Hola {{code}} $t(adCheck.title)' };
    for (const locale of LOCALES) expect(adCodeAnswer({ kind: 'found', ad: odd }, locale)!.text, locale).toContain(odd.title);
  });
});

describe('phoneAnswer', () => {
  it('keeps the Spanish answers as they were', () => {
    expect(phoneAnswer({ kind: 'none' }, 'es')).toBeNull();
    const [invalid, limitedOne, limitedMany, foundOne, foundMany, unknown] = PHONE_CHECKS.map((check) => phoneAnswer(check, 'es')!);
    expect(invalid).toEqual({
      tone: 'alert',
      lead: 'No reconocemos ese número.',
      text: 'Escribí un teléfono argentino con código de área o pegá un enlace de WhatsApp.',
    });
    expect([limitedOne!.lead, limitedOne!.text, limitedMany!.text]).toEqual([
      'Hiciste muchas consultas seguidas.',
      'Probá de nuevo en 1 minuto.',
      'Probá de nuevo en 10 minutos.',
    ]);
    expect(foundOne).toEqual({
      tone: 'success',
      lead: 'Número verificado.',
      text: 'Es el teléfono de este aviso publicado en Velada, de un anunciante que verificó su identidad y su mayoría de edad:',
      ads: [{ href: '/anuncio/masajes-en-boedo-4321', title: '«Masajes en Boedo»', code: '(código 4321)' }],
      advice: 'Fijate que te sigan escribiendo desde ese mismo número y nunca pagues por adelantado.',
    });
    expect(foundMany!.text).toMatch(/^Es el teléfono de estos avisos publicados en Velada/);
    expect(foundMany!.ads!.map((a) => a.href)).toEqual(['/anuncio/masajes-en-boedo-4321', '/anuncio/otro-aviso-4322']);
    expect(unknown).toEqual({
      tone: 'alert',
      lead: 'Ese número no está en ningún aviso publicado de Velada.',
      text: 'Si alguien te escribió desde él en nombre de Velada o de un aviso, puede ser una estafa: nunca pagues por adelantado.',
      link: { href: '/denunciar?motivo=estafa', label: 'Denunciar una estafa' },
    });
  });

  it('answers every kind in Portuguese and English, with the ads in that language', () => {
    expect(phoneAnswer({ kind: 'limited', waitSeconds: 600, minutes: 10 }, 'pt')!.text).toBe('Tente de novo em 10 minutos.');
    expect(phoneAnswer({ kind: 'limited', waitSeconds: 30, minutes: 1 }, 'en')!.text).toBe('Try again in 1 minute.');
    expect(phoneAnswer({ kind: 'invalid' }, 'en')!.lead).toBe('We don’t recognise that number.');
    expect(phoneAnswer({ kind: 'found', ads: [ad] }, 'pt')!.ads).toEqual([
      { href: '/pt/anuncio/masajes-en-boedo-4321', title: '“Masajes en Boedo”', code: '(código 4321)' },
    ]);
    expect(phoneAnswer({ kind: 'found', ads: [ad] }, 'en')!.ads).toEqual([
      { href: '/en/ad/masajes-en-boedo-4321', title: '“Masajes en Boedo”', code: '(code 4321)' },
    ]);
    // Every kind has the same parts as in Spanish, its sentence in the page's language.
    const answersIn = (locale: (typeof LOCALES)[number]) => [
      ...CODE_CHECKS.map((check) => adCodeAnswer(check, locale)!),
      ...PHONE_CHECKS.map((check) => phoneAnswer(check, locale)!),
    ];
    const spanish = answersIn('es');
    for (const locale of ['pt', 'en'] as const) {
      answersIn(locale).forEach((answer, i) => {
        expect(Object.keys(answer), `${locale} ${i}`).toEqual(Object.keys(spanish[i]!));
        expect(answer.tone).toBe(spanish[i]!.tone);
        expect(answer.text, `${locale} ${i}`).not.toBe(spanish[i]!.text);
      });
    }
  });
});

describe('adCheckAlternates', () => {
  const asked = (adCheck: AdCodeCheckView, phoneCheck: PhoneCheckView, code = '', phoneText = ''): AdCheckAnswer => ({
    code,
    phoneText,
    adCheck,
    phoneCheck,
    checked: adCheck.kind !== 'none' || phoneCheck.kind !== 'none',
  });

  it('names the page in each language, and the same check there once something was checked', () => {
    expect(adCheckAlternates(asked({ kind: 'none' }, { kind: 'none' }))).toEqual({
      es: '/verificar-anuncio',
      pt: '/pt/verificar-anuncio',
      en: '/en/check-an-ad',
    });
    expect(adCheckAlternates(asked({ kind: 'unknown' }, { kind: 'none' }, '12 34'))).toEqual({
      es: '/verificar-anuncio?codigo=12+34',
      pt: '/pt/verificar-anuncio?codigo=12+34',
      en: '/en/check-an-ad?codigo=12+34',
    });
    expect(adCheckAlternates(asked({ kind: 'none' }, { kind: 'invalid' }, '', 'https://wa.me/54911?x=1&y'))).toMatchObject({
      en: '/en/check-an-ad?telefono=https%3A%2F%2Fwa.me%2F54911%3Fx%3D1%26y#telefono',
    });
  });
});
