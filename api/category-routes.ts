// The seed's category routes (/acompanantes, /masajes, /encuentros-casuales, /trans, /taxi-boys) are addresses of
// the search for that category: a 301 takes a saved or shared link there in one step, and search engines keep one
// address per search. The landings under them (/masajes/palermo) are pages of their own.
import type { Middleware } from 'koa';
import { CATEGORIES } from '#shared/catalogue.ts';

const searchByRoute = new Map<string, string>(
  CATEGORIES.flatMap((c) => [c.route, `${c.route}/`].map((path): [string, string] => [path, `/buscar?categoria=${c.value}`])),
);

export function categoryRoutes(): Middleware {
  return async (ctx, next) => {
    const target = (ctx.method === 'GET' || ctx.method === 'HEAD') && searchByRoute.get(ctx.path);
    if (!target) return next();
    ctx.status = 301;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.redirect(target);
  };
}
