// Identity verification from the panel: the subscribers, a pending request with its documents (decrypted for this
// answer only, each view audited: core/panel/verification/identity.ts), and the decision.
import { documentsUnreadable } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { sealedFiles } from '#api/routes/panel/sealed-files.ts';
import { done } from '#core/answers.ts';
import { subscribers } from '#core/panel/verification/subscribers.ts';
import { decideVerification, verificationRequestOf, viewIdentityDocument } from '#core/panel/verification/identity.ts';
import { rejectBody } from './schema.ts';

export function registerVerificationRoutes({ deps, route }: StaffRoutes): void {
  route('get', '/subscribers', async (ctx) => {
    ctx.body = await subscribers(deps.db);
  });
  route('get', '/subscribers/:id/verification', { params: idParams }, async (ctx) => {
    ctx.body = await verificationRequestOf(deps.db, ctx.input.params.id);
  });
  route('post', '/subscribers/:id/verify', { params: idParams }, async (ctx, actor) => {
    await decideVerification(deps.db, actor, ctx.input.params.id, { decision: 'verified' });
    ctx.body = done();
  });
  route('post', '/subscribers/:id/reject', { params: idParams, body: rejectBody }, async (ctx, actor) => {
    await decideVerification(deps.db, actor, ctx.input.params.id, { decision: 'rejected', reason: ctx.input.body.reason });
    ctx.body = done();
  });

  route('get', '/identity-documents/:id', { params: idParams }, async (ctx, actor) => {
    const files = sealedFiles(deps, documentsUnreadable);
    const image = await viewIdentityDocument({ db: deps.db, files }, actor, ctx.input.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = 'image/jpeg';
    ctx.body = image;
  });
}
