// Public ad endpoints. The phone number is only given out here, on an explicit request, and counted: in the local
// form for reading, with call and WhatsApp links built from the stored international form.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { notFound } from '#api/errors.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { revealPhone } from '#db/queries/ad-page.ts';
import { formatPhoneLocal, phoneLinks } from '#shared/phone.ts';
import { adIdParams } from './schema.ts';
import { validate } from '#api/http/validate.ts';

export function adsRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/ads' });
  router.post(
    '/:id/phone',
    rateLimit(deps.rateLimits.budget('ad-phone', { windowMs: 60_000, max: 30 })),
    validate({ params: adIdParams }),
    async (ctx) => {
      const { id } = ctx.input.params;
      const phone = await revealPhone(deps.db, id);
      if (!phone) throw notFound('ad_not_found', 'El aviso no existe o no está publicado.');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { phone: formatPhoneLocal(phone), ...phoneLinks(phone) };
    },
  );
  return router;
}
