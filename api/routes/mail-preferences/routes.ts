// An advertiser's choice of optional mail (decision 035): from the link every mail about their ads ends with
// (POST /api/mail-preferences, the token in the body), from their account (POST /api/advertiser/mail-preferences,
// the session), and RFC 8058's one-click unsubscribe that mail programs post to (List-Unsubscribe). A bad token
// changes nothing and says so.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { invalidPreferencesLink } from '#api/errors.ts';
import { validate } from '#api/http/validate.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { requireAdvertiser, signedInAdvertiser } from '#api/auth/guards.ts';
import { MAIL_PREFERENCES_PAGE, ONE_CLICK_UNSUBSCRIBE_PATH } from '#core/mail-preferences/mail-footer.ts';
import { advertiserOfPreferencesToken } from '#core/mail-preferences/preferences-link.ts';
import { setMailPreferences } from '#core/mail-preferences/mail-preferences.ts';
import { ownPreferencesBody, tokenPreferencesBody, unsubscribeQuery } from './schema.ts';

export function mailPreferencesRouter(deps: RouterDeps): Router {
  const router = new Router();
  const budget = rateLimit(deps.rateLimits.budget('mail-preferences', { windowMs: 15 * 60_000, max: 30 }));

  router.post('/mail-preferences', budget, validate({ body: tokenPreferencesBody, bodyLimitBytes: 2048 }), async (ctx) => {
    const { token, preferences } = ctx.input.body;
    const advertiserId = await advertiserOfPreferencesToken(deps.db, token);
    if (!advertiserId) throw invalidPreferencesLink();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { preferences: await setMailPreferences(deps.db, advertiserId, preferences) };
  });

  router.post(
    '/advertiser/mail-preferences',
    requireAdvertiser(deps),
    budget,
    validate({ body: ownPreferencesBody, bodyLimitBytes: 2048 }),
    async (ctx) => {
      const advertiser = signedInAdvertiser(ctx);
      ctx.body = { preferences: await setMailPreferences(deps.db, advertiser.id, ctx.input.body.preferences) };
    },
  );

  // Mail providers post here from their own servers (no session, no Origin, a form body that says only
  // "List-Unsubscribe=One-Click"): the signed token in the address is the whole proof. Not rate-limited per address,
  // since one provider's servers post for all of its users; a token cannot be guessed.
  router.post(ONE_CLICK_UNSUBSCRIBE_PATH.slice('/api'.length), validate({ query: unsubscribeQuery }), async (ctx) => {
    const { token, kind } = ctx.input.query;
    const advertiserId = await advertiserOfPreferencesToken(deps.db, token);
    if (!advertiserId) throw invalidPreferencesLink();
    await setMailPreferences(deps.db, advertiserId, { [kind]: false });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true };
  });

  // A mail program without one-click support opens the address in the browser: the page, where nothing changes
  // until the advertiser chooses.
  router.get(ONE_CLICK_UNSUBSCRIBE_PATH.slice('/api'.length), validate({ query: unsubscribeQuery }), async (ctx) => {
    const { token } = ctx.input.query;
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.status = 303;
    ctx.redirect(`${MAIL_PREFERENCES_PAGE}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
  });

  return router;
}
