// The advertiser's ARCO rights: GET /api/advertiser/data downloads everything we keep about them (JSON);
// POST /api/advertiser/delete-account (with the password) deletes the account, its ads, photos and documents.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';

import { checkPassword } from '#api/services/passwords.ts';
import { deleteAdImage } from '#api/services/image-store.ts';
import { deleteDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers } from '#api/services/object-store/object-store.ts';
import { deleteOwnAccount, exportOwnData } from '#core/accounts/account-data.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { deleteBody } from './schema.ts';

export function advertiserDataRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser');

  route('get', '/data', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    const advertiser = signedInAdvertiser(ctx);
    ctx.set('Content-Disposition', 'attachment; filename="velada-mis-datos.json"');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(await exportOwnData(deps.db, advertiser.id), null, 2);
  });

  route(
    'post',
    '/delete-account',
    { access: 'advertiser', budget: 'account-delete', input: { body: deleteBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const advertiser = signedInAdvertiser(ctx);
      const { password } = ctx.input.body;
      const { photoKeys, documentKeys, receiptKeys } = await deleteOwnAccount({ db: deps.db, checkPassword }, advertiser.id, password);
      await deleteLeftovers([
        ...photoKeys.map((k) => deleteAdImage(deps.store, k)),
        ...documentKeys.map((k) => deleteDocument(deps.store, k)),
        ...receiptKeys.map((k) => deleteDocument(deps.store, k, 'receipts')),
      ]);
      advertiserSessions.setCookie(ctx, null);
      ctx.status = 204;
    },
  );

  return router;
}
