// "Borrar rastros" (docs/decisions/037-search-on-phones-and-discretion.md): the answer tells the browser to drop
// everything Velada keeps in it, HttpOnly cookies included, which no page script can reach (Clear-Site-Data). A
// session those cookies carried ends here too, so it cannot come back from a copy. Same-origin only, like every write
// (api/middleware/same-origin.ts): another site cannot sign a visitor out.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes, unlimited } from '#api/http/route.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { signOut } from '#core/panel/sign-in.ts';

export const CLEAR_BROWSER_DATA_PATH = '/api/browser-data/clear';

export function browserDataRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '');

  route(
    'post',
    CLEAR_BROWSER_DATA_PATH.slice('/api'.length),
    { access: 'public', budget: unlimited('The quick exit must always work'), input: {} },
    async (ctx) => {
      await advertiserSessions.end(deps.db, ctx.cookies.get(advertiserSessions.cookie));
      await signOut(deps.db, ctx.cookies.get(staffSessions.cookie), ctx.ip);
      ctx.set('Clear-Site-Data', '"cache", "cookies", "storage"');
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
    },
  );

  return router;
}
