// POST /api/advertiser/verification: the identity step of the publish flow (multipart form with the documents);
// GET: the advertiser's latest request, with the rejection reason when there is one.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { alreadyVerified, verificationAlreadyPending, verificationUnavailable } from '#api/errors.ts';
import { parseInput } from '#api/http/validate.ts';
import { readMultipart } from '#api/http/read-multipart.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { MAX_IMAGE_BYTES } from '#api/services/uploaded-image.ts';
import { claimSchema, readDocuments, submitVerification } from './verification.ts';
import { latestVerification } from '#db/queries/advertiser-verification.ts';
import { requireAdvertiser, signedInAdvertiser } from '#api/auth/guards.ts';

// Three documents of 5 MB and the text fields.
const FORM_LIMIT = 3 * MAX_IMAGE_BYTES + 64 * 1024;
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/** Paths that accept multipart forms (api/middleware/same-origin.ts). */
export const VERIFICATION_UPLOAD_PATHS = ['/api/advertiser/verification'];

export function verificationRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/advertiser' });

  router.post(
    '/verification',
    requireAdvertiser(deps),
    rateLimit(deps.rateLimits.budget('verification-upload', { windowMs: 60 * 60_000, max: 20 })),
    async (ctx) => {
      const key = deps.config.identityKey;
      if (!key) throw verificationUnavailable();
      const advertiser = signedInAdvertiser(ctx);
      if (advertiser.verificationStatus === 'pending') throw verificationAlreadyPending();
      if (advertiser.verificationStatus === 'verified') throw alreadyVerified();
      const form = await readMultipart(ctx, { limitBytes: FORM_LIMIT });
      const claim = parseInput(claimSchema(), {
        method: text(form, 'method'),
        fullName: text(form, 'fullName'),
        birthDate: text(form, 'birthDate'),
        dni: text(form, 'dni'),
        tramite: text(form, 'tramite'),
        gender: text(form, 'gender'),
      });
      const documents = await readDocuments(form, claim.method);
      const result = await submitVerification(deps.db, { store: deps.store, key }, advertiser.id, claim, documents);
      if (result === 'already_pending') throw verificationAlreadyPending();
      if (result === 'already_verified') throw alreadyVerified();
      ctx.status = 201;
      ctx.body = { success: true, verificationStatus: 'pending' };
    },
  );

  router.get('/verification', requireAdvertiser(deps), async (ctx) => {
    const advertiser = signedInAdvertiser(ctx);
    ctx.body = { verificationStatus: advertiser.verificationStatus, latest: await latestVerification(deps.db, advertiser.id) };
  });

  return router;
}
