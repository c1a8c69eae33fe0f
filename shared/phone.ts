// Phone numbers: read as Argentines type them, stored in international form (E.164), shown in the local form and
// turned into call and WhatsApp links. Pure, with no server imports: the ad form validates with it in the browser.
//
// The 'max' metadata, not 'min': with 'min' libphonenumber checks Argentine numbers by length only and takes
// area codes that do not exist ('+54 9 19 …', '+54 9 999 …') or a 0800 number with a 9 as valid. It adds about
// 20 kB (gzip) to the publish and edit forms only; the public ad page gets the number ready from the API.
import { z } from 'zod';
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

export const PHONE_MESSAGE = 'Escribí un teléfono argentino válido, con código de área (por ejemplo 11 5555 0123).';

// A number a person answers. Toll-free, shared-cost and premium-rate numbers are refused: on an ad a premium-rate
// line charges the visitor who calls.
const PERSONAL = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

function parseArgentine(text: string): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(text, { defaultCountry: 'AR', extract: false });
  if (!number || number.country !== 'AR' || number.ext || !number.isValid()) return undefined;
  return PERSONAL.has(number.getType() ?? '') ? number : undefined;
}

/**
 * The E.164 form of an Argentine number as typed, or null when it cannot be one. Beyond what libphonenumber
 * reads by itself (the 15 and the 9 of mobiles, the trunk 0, +54 and 0054), two choices of ours:
 * - A geographic number typed without the trunk 0 and without the 15 ('11 5555 0123', the form's own example)
 *   is the mobile with those digits: that is how people write their mobile for WhatsApp, and an ad's contact is
 *   a mobile. Written as a landline is written ('011 4555 0123'), or in international form without the 9
 *   ('+54 11 4555 0123', also the stored form), it stays a landline.
 * - A '15' mobile without area code ('15 5555 0123') is from area 11: only there are local numbers eight digits
 *   long. Any other number without area code is refused.
 */
export function normalizePhone(input: string): string | null {
  const typed = input.trim();
  const lead = typed.replace(/[^\d+]/g, '');
  const writtenAsLandline = lead.startsWith('0') || lead.startsWith('+');
  let number = parseArgentine(typed);
  if (!number && !writtenAsLandline) {
    const inArea11 = parseArgentine(`11 ${typed}`);
    if (inArea11?.getType() === 'MOBILE') number = inArea11;
  }
  if (!number) return null;
  if (number.getType() !== 'MOBILE' && !writtenAsLandline) {
    const mobile = parseArgentine(`+549${number.nationalNumber}`);
    if (mobile?.getType() === 'MOBILE') return mobile.number;
  }
  return number.number;
}

/**
 * The stored number as Argentines read and dial it: '011 15-5555-0123' for a Buenos Aires mobile,
 * '011 4555-0123' for a landline. Typed back into the form, it gives the same stored number.
 */
export function formatPhoneLocal(e164: string): string {
  const number = parsePhoneNumberFromString(e164, 'AR');
  if (!number) return e164;
  return number.country === 'AR' ? number.formatNational() : number.formatInternational();
}

/** Call and WhatsApp links; wa.me takes the international digits, with the 9 of Argentine mobiles. */
export function phoneLinks(e164: string): { tel: string; whatsapp: string } {
  const digits = (parsePhoneNumberFromString(e164, 'AR')?.number ?? e164).replace(/\D/g, '');
  return { tel: `tel:+${digits}`, whatsapp: `https://wa.me/${digits}` };
}

/** The phone field of a form: empty gives null, a number gives its E.164 form, anything else the message. */
export const phoneSchema = z
  .string()
  .trim()
  .max(40, PHONE_MESSAGE)
  .transform((typed, ctx) => {
    if (typed === '') return null;
    const e164 = normalizePhone(typed);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  })
  .nullable()
  .default(null);

/**
 * The E.164 number of what a visitor pastes to check it: a number as typed, or a WhatsApp or call link
 * ('https://wa.me/5491155550123', 'https://api.whatsapp.com/send?phone=549…', 'whatsapp://send?phone=…',
 * 'tel:+54…'). Null when it holds no Argentine number.
 */
export function phoneFromReference(reference: string): string | null {
  const text = reference.trim().slice(0, 300);
  const waMe = /(?:^|\/\/)(?:www\.)?wa\.me\/\+?(\d{6,15})/i.exec(text);
  const sendLink = /[?&]phone=(?:\+|%2B)?(\d{6,15})/i.exec(text);
  const linked = waMe?.[1] ?? sendLink?.[1];
  if (linked) {
    // WhatsApp numbers are mobiles, and links often leave out the 9 of Argentine mobiles: '54 11 5555 0123'.
    const withNine = linked.startsWith('54') && !linked.startsWith('549') ? normalizePhone(`+549${linked.slice(2)}`) : null;
    return withNine ?? normalizePhone(`+${linked}`);
  }
  const tel = /^tel:(.+)$/i.exec(text);
  if (!tel) return normalizePhone(text);
  try {
    return normalizePhone(decodeURIComponent(tel[1]!));
  } catch {
    return null; // a broken %-escape
  }
}
