import { describe, expect, it } from 'vitest';
import { attributionOf } from './attribution.ts';

const page = 'https://velada.com.ar/buscar';
const own = 'velada.com.ar';

describe('attributionOf', () => {
  it('takes utm parameters first, lower-cased, with a medium by default', () => {
    expect(attributionOf(`${page}?utm_source=Newsletter&utm_medium=Email&utm_campaign=Noviembre`, 'https://www.google.com/', own)).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'noviembre',
    });
    expect(attributionOf(`${page}?utm_source=flyer`, '', own)).toEqual({ source: 'flyer', medium: 'campaign', campaign: null });
  });

  it.each([
    ['https://www.google.com.ar/', 'google', 'organic'],
    ['https://www.bing.com/search?q=x', 'bing', 'organic'],
    ['https://duckduckgo.com/', 'duckduckgo', 'organic'],
    ['https://l.instagram.com/', 'instagram', 'social'],
    ['https://t.co/abc', 'x', 'social'],
    ['https://m.facebook.com/', 'facebook', 'social'],
    ['https://www.foro-porteno.com.ar/tema/1', 'foro-porteno.com.ar', 'referral'],
  ])('classifies the referrer %s as %s / %s', (referrer, source, medium) => {
    expect(attributionOf(page, referrer, own)).toEqual({ source, medium, campaign: null });
  });

  it('is direct without a referrer, and null when the visitor comes from the site itself', () => {
    expect(attributionOf(page, '', own)).toEqual({ source: 'direct', medium: 'none', campaign: null });
    expect(attributionOf(page, 'not a url', own)).toEqual({ source: 'direct', medium: 'none', campaign: null });
    expect(attributionOf(page, 'https://velada.com.ar/', own)).toBeNull();
  });

  it('does not mistake a look-alike host for a search engine', () => {
    expect(attributionOf(page, 'https://notgoogle.example/', own)).toEqual({
      source: 'notgoogle.example',
      medium: 'referral',
      campaign: null,
    });
  });
});
