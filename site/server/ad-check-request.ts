// What the ad check asks, in any language (/verificar-anuncio, /pt/verificar-anuncio, /en/check-an-ad;
// docs/decisions/039-phone-check.md, 070-languages.md): the ad code check and the phone check of the query
// (`codigo`, `telefono`: the same names in every language), and the answer's headers: 429 with Retry-After past the
// visitor's budget of phone checks, no-store once anything was checked. The budget is the same for every language (the
// app hands every page one takePhoneCheck per client address, api/app.ts). Each language's page calls this in its own
// frontmatter (a header set inside a component comes too late) and renders the view with what it found.
import type { AstroGlobal } from 'astro';
import { checkAdCode, MAX_CODE_LENGTH } from '#core/phone-check/check-ad-code.ts';
import { checkPhone, MAX_PHONE_TEXT_LENGTH } from '#core/phone-check/check-phone.ts';
import type { AdCodeCheckView, PhoneCheckView } from '#shared/contracts/public/phone-check.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { alternatesOf } from '#shared/i18n/routes.ts';

export const AD_CHECK_PATH = '/verificar-anuncio';
/** The phone check's section: its form comes back to it. */
export const PHONE_SECTION = 'telefono';

export interface AdCheckAnswer {
  /** What was asked, as the forms show it again. */
  code: string;
  phoneText: string;
  adCheck: AdCodeCheckView;
  phoneCheck: PhoneCheckView;
  /** Whether anything was checked: such a page is for no search engine and no cache. */
  checked: boolean;
}

export async function adCheckRequest(astro: AstroGlobal): Promise<AdCheckAnswer> {
  const code = (astro.url.searchParams.get('codigo') ?? '').slice(0, MAX_CODE_LENGTH);
  const adCheck = await checkAdCode(astro.locals.db, code);
  const phoneText = (astro.url.searchParams.get('telefono') ?? '').slice(0, MAX_PHONE_TEXT_LENGTH);
  const phoneCheck = await checkPhone(astro.locals.db, phoneText, { takeCheck: astro.locals.takePhoneCheck });
  if (phoneCheck.kind === 'limited') {
    astro.response.status = 429;
    astro.response.headers.set('Retry-After', String(phoneCheck.waitSeconds));
  }
  const checked = adCheck.kind !== 'none' || phoneCheck.kind !== 'none';
  if (checked) astro.response.headers.set('Cache-Control', 'no-store');
  return { code, phoneText, adCheck, phoneCheck, checked };
}

/**
 * The page in each language, for the switcher: once something was checked, the same check there (the answer in the
 * other language; a phone check counts once more against the budget), at the phone's section when a phone was asked.
 */
export function adCheckAlternates(answer: AdCheckAnswer): Partial<Record<Locale, string>> {
  const alternates = alternatesOf(AD_CHECK_PATH);
  if (!answer.checked) return alternates;
  const query = new URLSearchParams();
  if (answer.adCheck.kind !== 'none') query.set('codigo', answer.code);
  if (answer.phoneCheck.kind !== 'none') query.set('telefono', answer.phoneText);
  const fragment = answer.phoneCheck.kind === 'none' ? '' : `#${PHONE_SECTION}`;
  return Object.fromEntries(Object.entries(alternates).map(([locale, path]) => [locale, `${path}?${query.toString()}${fragment}`]));
}
