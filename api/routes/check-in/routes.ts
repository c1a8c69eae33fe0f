// The check-in timer (docs/decisions/041-check-in.md), for the signed-in, verified advertiser's own timer only (no
// id in any path: nobody can name someone else's): GET /api/advertiser/check-in (the running one or null), POST
// (start, with a notice to the contact), POST .../extend (+30 minutes), POST .../done ("Estoy bien") and DELETE
// (cancel). Ending it deletes it; nothing about it is audited or logged.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes, unlimited } from '#api/http/route.ts';
import { budgetOf } from '#api/http/budgets.ts';
import { tooManyRequests } from '#api/errors.ts';
import { checkInNeedsVerification } from '#api/tool-errors.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { mailFailure } from '#core/mail/mail.ts';
import { activeCheckIn, checkInAnswer, checkInStarted, endCheckIn, extendCheckIn, startCheckIn } from '#core/safety/check-in.ts';
import { checkInBody } from '#shared/check-in.ts';
import { checkInMessageId, checkInStartedMail } from '#core/safety/check-in-mails.ts';
import { requestSource } from '#api/http/request-source.ts';

export function checkInRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/check-in');
  // Starting one mails an address the advertiser typed: a budget per account and one per address keep that from
  // becoming a way to send mail to strangers. Ending and extending are not limited: "Estoy bien" must always work.
  const perAccount = budgetOf(deps.rateLimits, 'check-in-start');
  const perAddress = budgetOf(deps.rateLimits, 'check-in-start-ip');
  const alwaysAnswers = unlimited('"Estoy bien" must always work');

  const verified = (ctx: Context) => {
    const advertiser = signedInAdvertiser(ctx);
    if (advertiser.verificationStatus !== 'verified') throw checkInNeedsVerification();
    return advertiser;
  };

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    ctx.body = checkInAnswer(await activeCheckIn(deps.db, signedInAdvertiser(ctx).id));
  });

  route(
    'post',
    '/',
    { access: 'advertiser', budget: 'advertiser-writes', input: { body: checkInBody, bodyLimitBytes: 8192 } },
    async (ctx) => {
      const advertiser = verified(ctx);
      for (const [budget, key] of [
        [perAddress, requestSource(ctx)],
        [perAccount, `advertiser:${advertiser.id}`],
      ] as const) {
        const wait = await budget.take(key, ctx.req);
        if (wait > 0) {
          ctx.set('Retry-After', String(wait));
          throw tooManyRequests('Empezaste muchos avisos de seguridad seguidos. Esperá un rato y volvé a intentar.');
        }
      }
      const { id, checkIn } = await startCheckIn(deps.db, advertiser.id, ctx.input.body);
      // The contact hears of it at once, so an alert never comes out of the blue; a failure does not stop the timer,
      // but the advertiser is told, since the alert would likely fail the same way.
      const notice = checkInStartedMail(checkIn.contactEmail, {
        shownName: checkIn.shownName,
        dueAt: new Date(checkIn.dueAt),
        messageId: checkInMessageId('start', id, new Date(checkIn.startedAt), deps.config.siteOrigin),
      });
      const noticeSent = await deps.mailer.send(notice).then(
        () => true,
        (err: unknown) => {
          console.error(`Check-in ${id}: the start notice failed (${mailFailure(err)}).`);
          return false;
        },
      );
      ctx.status = 201;
      ctx.body = checkInStarted(checkIn, noticeSent);
    },
  );

  route('post', '/extend', { access: 'advertiser', budget: alwaysAnswers, input: {} }, async (ctx) => {
    ctx.body = checkInAnswer(await extendCheckIn(deps.db, signedInAdvertiser(ctx).id));
  });

  // "Estoy bien" and "Cancelar" do the same (the row goes); two paths so each says what the advertiser meant.
  route('post', '/done', { access: 'advertiser', budget: alwaysAnswers, input: {} }, async (ctx) => {
    await endCheckIn(deps.db, signedInAdvertiser(ctx).id);
    ctx.body = checkInAnswer(null);
  });
  route('delete', '/', { access: 'advertiser', budget: alwaysAnswers, input: {} }, async (ctx) => {
    await endCheckIn(deps.db, signedInAdvertiser(ctx).id);
    ctx.body = checkInAnswer(null);
  });
  return router;
}
