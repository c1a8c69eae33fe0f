// Public ad endpoints. The phone number is only given out here, on an explicit request, and counted (as a phone
// reveal or a WhatsApp open, for the ad's statistics): in the local form for reading, with call and WhatsApp links
// built from the stored international form. Also which of a visitor's favourites are still public.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { publicAdNotFound } from '#api/errors.ts';
import { adPhone } from '#core/ad-page/ad-phone.ts';
import { publicAdIds } from '#core/ad-page/public-ad-ids.ts';
import { isCountedVisit } from '#api/services/ad-stats.ts';
import { adIdParams, availabilityQuery, phoneRevealBody } from './schema.ts';
import { requestSource } from '#api/http/request-source.ts';

export function adsRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/ads');
  route(
    'post',
    '/:id/phone',
    { access: 'public', budget: 'ad-phone', input: { params: adIdParams, body: phoneRevealBody } },
    async (ctx) => {
      const { id } = ctx.input.params;
      const phone = await adPhone(deps.db, id);
      if (!phone) throw publicAdNotFound();
      // Once a day per source, ad and way (decision 045); the rate limit above only bounds the requests.
      const kind = ctx.input.body.via === 'whatsapp' ? 'whatsappOpens' : 'phoneReveals';
      if (isCountedVisit(ctx.req.headers)) deps.adStats.count(id, kind, requestSource(ctx));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = phone;
    },
  );
  // Which of a visitor's favourites are still public (core/ad-page/public-ad-ids.ts).
  route('get', '/availability', { access: 'public', budget: 'ad-availability', input: { query: availabilityQuery } }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await publicAdIds(deps.db, ctx.input.query.ids);
  });
  return router;
}
