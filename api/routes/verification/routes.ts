// POST /api/advertiser/verification: the identity step of the publish flow (multipart form with the documents);
// GET: the advertiser's latest request, with the rejection reason when there is one.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { verificationUnavailable } from '#api/errors.ts';
import { parseInput } from '#api/http/validate.ts';
import { imageTooLarge, MAX_IMAGE_BYTES } from '#api/services/uploaded-image.ts';
import { DOCUMENTS, identityVault, readDocuments } from './verification.ts';
import { checkMaySubmit, submitVerification } from '#core/verification/submit-verification.ts';
import { claimSchema } from '#shared/identity-claim.ts';
import { ownVerificationStatus, verificationSubmitted } from '#core/verification/own-verification.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';

/** At most the three documents of the manual method, each refused past 5 MB with its own label. */
const FORM_LIMITS = {
  files: 3,
  fileBytes: MAX_IMAGE_BYTES,
  fileTooLarge: (field: string) => imageTooLarge(DOCUMENTS.manual.find((d) => d.field === field)?.label ?? 'el archivo', field),
};

/** Paths that accept multipart forms (api/middleware/same-origin.ts). */
export const VERIFICATION_UPLOAD_PATHS = ['/api/advertiser/verification'];

export function verificationRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser');

  route('post', '/verification', { access: 'advertiser', budget: 'verification-upload', input: { form: FORM_LIMITS } }, async (ctx) => {
    const key = deps.config.identityKey;
    if (!key) throw verificationUnavailable();
    const advertiser = signedInAdvertiser(ctx);
    checkMaySubmit(advertiser.verificationStatus);
    const form = await ctx.input.form();
    const claim = parseInput(claimSchema(), {
      method: form.text('method'),
      fullName: form.text('fullName'),
      birthDate: form.text('birthDate'),
      dni: form.text('dni'),
      tramite: form.text('tramite'),
      gender: form.text('gender'),
    });
    const documents = await readDocuments(form, claim.method);
    await submitVerification(deps.db, identityVault(deps.store, key), advertiser.id, claim, documents);
    ctx.status = 201;
    ctx.body = verificationSubmitted();
  });

  route('get', '/verification', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    ctx.body = await ownVerificationStatus(deps.db, signedInAdvertiser(ctx));
  });

  return router;
}
