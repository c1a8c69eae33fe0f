// The consumer's buttons, without signing in (decision 068): POST /api/revocations ("Botón de arrepentimiento":
// revoke a purchase within 10 days, answered at once with a code), POST /api/cancellations ("Botón de baja": a code
// at once and a confirmation link to the account's address) and POST /api/cancellations/confirm (the link's page).
// Budgets per source, and per reference or per address typed.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { budgetOf, type BudgetName } from '#api/http/budgets.ts';
import { routes } from '#api/http/route.ts';
import { tooManyRequests } from '#api/errors.ts';
import { deleteAdImage } from '#api/services/image-store.ts';
import { deleteDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers } from '#api/services/object-store/object-store.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { mailFailure, type Mail } from '#core/mail/mail.ts';
import { revokePurchase } from '#core/consumer/revocation.ts';
import { confirmCancellation, requestCancellation } from '#core/consumer/cancellation.ts';
import { normalizeReference } from '#shared/consumer-law.ts';
import { cancellationBody, cancellationConfirmBody, revocationBody } from './schema.ts';

const TOO_MANY = 'Hiciste muchos pedidos seguidos con esos datos. Esperá un rato y volvé a intentar, o escribinos desde Contacto.';

export function consumerRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '');
  /** Counts the request against a budget keyed by what was typed (not by source); 429 past it. */
  const within = async (ctx: Context, name: BudgetName, key: string) => {
    const wait = await budgetOf(deps.rateLimits, name).take(key, ctx.req);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      throw tooManyRequests(TOO_MANY);
    }
  };
  const send = (mail: Mail | null, what: string) =>
    mail ? deps.mailer.send(mail).catch((err: unknown) => console.error(`${what}: the mail failed (${mailFailure(err)}).`)) : undefined;

  route(
    'post',
    '/revocations',
    { access: 'public', budget: 'revocation', input: { body: revocationBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const { reference, email } = ctx.input.body;
      await within(ctx, 'revocation-reference', `reference:${normalizeReference(reference)}`);
      const { receipt, mail } = await revokePurchase(deps.db, { reference, email });
      await send(mail, `Revocation ${receipt.code}`);
      ctx.status = 201;
      ctx.body = receipt;
    },
  );

  route(
    'post',
    '/cancellations',
    { access: 'public', budget: 'cancellation', input: { body: cancellationBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const { email, closeAccount } = ctx.input.body;
      await within(ctx, 'cancellation-email', `email:${email.trim().toLowerCase()}`);
      const { receipt, mail } = await requestCancellation(deps.db, { email, closeAccount }, deps.config.siteOrigin);
      await send(mail, `Cancellation ${receipt.code}`);
      // The same answer whether the address has an account or not.
      ctx.status = 201;
      ctx.body = receipt;
    },
  );

  route(
    'post',
    '/cancellations/confirm',
    { access: 'public', budget: 'cancellation-confirm', input: { body: cancellationConfirmBody, bodyLimitBytes: 1024 } },
    async (ctx) => {
      const { answer, files } = await confirmCancellation(deps.db, ctx.input.body.token);
      if (files) {
        await deleteLeftovers([
          ...files.photoKeys.map((k) => deleteAdImage(deps.store, k)),
          ...files.documentKeys.map((k) => deleteDocument(deps.store, k)),
          ...files.receiptKeys.map((k) => deleteDocument(deps.store, k, 'receipts')),
        ]);
        advertiserSessions.setCookie(ctx, null);
      }
      ctx.body = answer;
    },
  );
  return router;
}
