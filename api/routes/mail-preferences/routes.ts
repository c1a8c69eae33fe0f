// An advertiser's choice of optional mail (decision 035): from the link every mail about their ads ends with
// (POST /api/mail-preferences, the token in the body), from their account (POST /api/advertiser/mail-preferences,
// the session), and RFC 8058's one-click unsubscribe that mail programs post to (List-Unsubscribe). A bad token
// changes nothing and says so.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes, unlimited } from '#api/http/route.ts';
import { invalidPreferencesLink } from '#api/errors.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { MAIL_PREFERENCES_PAGE, ONE_CLICK_UNSUBSCRIBE_PATH } from '#core/mail-preferences/mail-footer.ts';
import { advertiserOfPreferencesToken } from '#core/mail-preferences/preferences-link.ts';
import { presentPreferences, setMailPreferences } from '#core/mail-preferences/mail-preferences.ts';
import { done } from '#core/answers.ts';
import { ownPreferencesBody, tokenPreferencesBody, unsubscribeQuery } from './schema.ts';

export function mailPreferencesRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '');

  route(
    'post',
    '/mail-preferences',
    { access: 'public', budget: 'mail-preferences', input: { body: tokenPreferencesBody, bodyLimitBytes: 2048 } },
    async (ctx) => {
      const { token, preferences } = ctx.input.body;
      const advertiserId = await advertiserOfPreferencesToken(deps.db, token);
      if (!advertiserId) throw invalidPreferencesLink();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPreferences(await setMailPreferences(deps.db, advertiserId, preferences));
    },
  );

  route(
    'post',
    '/advertiser/mail-preferences',
    { access: 'advertiser', budget: 'mail-preferences', input: { body: ownPreferencesBody, bodyLimitBytes: 2048 } },
    async (ctx) => {
      const advertiser = signedInAdvertiser(ctx);
      ctx.body = presentPreferences(await setMailPreferences(deps.db, advertiser.id, ctx.input.body.preferences));
    },
  );

  // Mail providers post here from their own servers (no session, no Origin, a form body that says only
  // "List-Unsubscribe=One-Click"): the signed token in the address is the whole proof. Not rate-limited per address,
  // since one provider's servers post for all of its users; a token cannot be guessed.
  route(
    'post',
    ONE_CLICK_UNSUBSCRIBE_PATH.slice('/api'.length),
    // RFC 8058: mail providers post the unsubscribe from their own servers, for many people from one address; the
    // token is long and random, so counting per address would only refuse people.
    { access: 'public', budget: unlimited('Providers unsubscribe many people from one address'), input: { query: unsubscribeQuery } },
    async (ctx) => {
      const { token, kind } = ctx.input.query;
      const advertiserId = await advertiserOfPreferencesToken(deps.db, token);
      if (!advertiserId) throw invalidPreferencesLink();
      await setMailPreferences(deps.db, advertiserId, { [kind]: false });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = done();
    },
  );

  // A mail program without one-click support opens the address in the browser: the page, where nothing changes
  // until the advertiser chooses.
  route(
    'get',
    ONE_CLICK_UNSUBSCRIBE_PATH.slice('/api'.length),
    { access: 'public', budget: unlimited('A redirect that reads and changes nothing'), input: { query: unsubscribeQuery } },
    async (ctx) => {
      const { token } = ctx.input.query;
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.status = 303;
      ctx.redirect(`${MAIL_PREFERENCES_PAGE}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    },
  );

  return router;
}
