// Identity verification from the panel: the subscribers, a pending request with its documents (decrypted for this
// answer only, each view audited), and the decision.
import type { Context } from 'koa';
import { conflict, documentsUnreadable, notFound } from '#api/errors.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { advertiserExists, listSubscribers } from '#db/queries/admin/subscribers.ts';
import { decideVerification, identityDocument, pendingVerification, type Decision } from '#db/queries/admin/verifications.ts';
import { readDocument, readingKeys } from '#api/services/identity-vault.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { rejectBody } from './schema.ts';

export function registerVerificationRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/subscribers', async (ctx) => {
    ctx.body = await listSubscribers(deps.db);
  });
  route('get', '/subscribers/:id/verification', { params: idParams }, async (ctx) => {
    const { id } = ctx.input.params;
    if (!(await advertiserExists(deps.db, id))) throw notFound('subscriber_not_found', 'El suscriptor no existe.');
    ctx.body = { request: await pendingVerification(deps.db, id) };
  });
  route('post', '/subscribers/:id/verify', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await decide(ctx, admin, id, { decision: 'verified' });
  });
  route('post', '/subscribers/:id/reject', { params: idParams, body: rejectBody }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const { reason } = ctx.input.body;
    await decide(ctx, admin, id, { decision: 'rejected', reason });
  });
  async function decide(ctx: Context, admin: Admin, id: number, decision: Decision) {
    const details = decision.decision === 'rejected' ? { reason: decision.reason } : undefined;
    await act(ctx, admin, { action: `subscriber_${decision.decision}`, targetType: 'advertiser', targetId: id, details }, async (trx) => {
      const result = await decideVerification(trx, { advertiserId: id, adminId: admin.id, ...decision });
      if (result === 'missing') throw notFound('subscriber_not_found', 'El suscriptor no existe.');
      if (result === 'not_pending') throw conflict('not_pending', 'Ese suscriptor no tiene una verificación pendiente.');
    });
    ctx.body = { success: true };
  }

  // A document is decrypted for this answer only; every view is in the audit log.
  route('get', '/identity-documents/:id', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const doc = await identityDocument(deps.db, id);
    if (!doc) throw notFound('document_not_found', 'El documento no existe o ya se eliminó.');
    if (!deps.config.identityKey) throw documentsUnreadable();
    const image = await readDocument(deps.store, readingKeys(deps.config.identityKey, deps.config.previousIdentityKey), doc.fileKey);
    await audit(deps.db, {
      action: 'identity_document_viewed',
      adminUserId: admin.id,
      username: admin.username,
      targetType: 'identity_document',
      targetId: id,
      details: { kind: doc.kind, requestId: doc.requestId },
      ip: ctx.ip,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = 'image/jpeg';
    ctx.body = image;
  });
}
