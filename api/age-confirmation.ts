// POST /confirmar-edad: the age gate's form when the browser runs no JavaScript. 'si' sets the 18+ cookie and
// goes back to the page; 'no' goes to the page that says why the site is closed to minors.
import type { Middleware } from 'koa';
import { AGE_COOKIE, AGE_COOKIE_MAX_AGE_S, AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';
import { crossOrigin, notUrlEncodedForm, payloadTooLarge } from '#api/errors.ts';
import { isFromOwnSite } from './middleware/request-origin.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import { localeOfPath } from '#shared/i18n/locales.ts';
import { pathIn } from '#shared/i18n/routes.ts';

const MAX_BODY_BYTES = 2048;

async function readForm(stream: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of stream) {
    body += chunk.toString();
    if (body.length > MAX_BODY_BYTES) throw payloadTooLarge();
  }
  return new URLSearchParams(body);
}

export function ageConfirmation(options: { publicOrigin: string | undefined }): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/confirmar-edad') return next();
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      return;
    }
    if (!isFromOwnSite(ctx, options.publicOrigin)) throw crossOrigin();
    if (!ctx.is('application/x-www-form-urlencoded')) throw notUrlEncodedForm();

    const form = await readForm(ctx.req);
    ctx.status = 303;
    if (form.get('respuesta') !== 'si') {
      // In the language of the page the visitor answered on (docs/decisions/070-languages.md).
      ctx.redirect(pathIn(localeOfPath(safeReturnPath(form.get('volver'), '/')), '/menor-de-edad'));
      return;
    }
    // The confirmation for the browser-side gate, should JavaScript run later, and the one that makes the server
    // render pages with the gate closed for this visitor (shared/age-cookie.ts).
    for (const name of [AGE_COOKIE, AGE_NOJS_COOKIE]) {
      ctx.cookies.set(name, '1', {
        maxAge: AGE_COOKIE_MAX_AGE_S * 1000,
        httpOnly: false, // the browser-side gate sets and reads the same cookie
        sameSite: 'lax',
        secure: ctx.secure,
        signed: false,
      });
    }
    ctx.redirect(safeReturnPath(form.get('volver')));
  };
}
