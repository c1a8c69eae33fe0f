// The ad check's answers in the page's language (docs/decisions/039-phone-check.md, 070-languages.md): each kind of
// result of core/phone-check/ (a stable value: found, unknown, invalid, limited) mapped to its texts in the catalogue
// (shared/i18n/messages/ad-check.ts), with links to the ads and pages in that language where they exist. The core
// answers with kinds and figures, never with sentences, so no Spanish text comes from it.
import { adPath } from '#shared/ad-text.ts';
import type { AdCodeCheckView, PhoneCheckView } from '#shared/contracts/public/phone-check.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { pathIn } from '#shared/i18n/routes.ts';
import { translator } from '#shared/i18n/translate.ts';

export interface CheckAnswerText {
  /** Good news (a published ad) or a warning. */
  tone: 'success' | 'alert';
  /** The answer's first words, in bold. */
  lead: string;
  /** What follows them in the same paragraph. */
  text: string;
  /** The published ads a number belongs to. */
  ads?: { href: string; title: string; code: string }[];
  /** A last line of advice. */
  advice?: string;
  link?: { href: string; label: string };
}

const REPORT_SCAM = '/denunciar?motivo=estafa';

/** The answer to an ad code or link; null when none was asked. */
export function adCodeAnswer(check: AdCodeCheckView, locale: Locale): CheckAnswerText | null {
  const t = translator(locale);
  if (check.kind === 'none') return null;
  if (check.kind === 'found') {
    return {
      tone: 'success',
      lead: t('adCheck.codeFound'),
      text: t('adCheck.codeFoundText', { code: check.ad.id, title: check.ad.title }),
      link: { href: adPath(check.ad, locale), label: t('adCheck.seeAd') },
    };
  }
  return {
    tone: 'alert',
    lead: t('adCheck.codeUnknown'),
    text: t('adCheck.codeUnknownText'),
    link: { href: pathIn(locale, REPORT_SCAM), label: t('adCheck.reportScam') },
  };
}

/** The answer to a phone number or link; null when none was asked. */
export function phoneAnswer(check: PhoneCheckView, locale: Locale): CheckAnswerText | null {
  const t = translator(locale);
  switch (check.kind) {
    case 'none':
      return null;
    case 'invalid':
      return { tone: 'alert', lead: t('adCheck.phoneInvalid'), text: t('adCheck.phoneInvalidText') };
    case 'limited':
      return {
        tone: 'alert',
        lead: t('adCheck.phoneLimited'),
        text: check.minutes === 1 ? t('adCheck.tryAgainOne') : t('adCheck.tryAgainMany', { minutes: check.minutes }),
      };
    case 'found':
      return {
        tone: 'success',
        lead: t('adCheck.phoneFound'),
        text: check.ads.length === 1 ? t('adCheck.phoneFoundOne') : t('adCheck.phoneFoundMany'),
        ads: check.ads.map((ad) => ({
          href: adPath(ad, locale),
          title: t('adCheck.quotedTitle', { title: ad.title }),
          code: t('adCheck.adCode', { code: ad.id }),
        })),
        advice: t('adCheck.phoneFoundAdvice'),
      };
    case 'unknown':
      return {
        tone: 'alert',
        lead: t('adCheck.phoneUnknown'),
        text: t('adCheck.phoneUnknownText'),
        link: { href: pathIn(locale, REPORT_SCAM), label: t('adCheck.reportScam') },
      };
  }
}
