// POST /api/reports: a visitor reports an ad (no account needed; rate-limited per address). A possible minor or
// trafficking hides the ad at once.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { readJsonBody } from '../http/read-body.ts';
import { parseInput } from '../http/validate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { REPORT_REASONS, adIdFromReference, createReport } from '../../db/queries/reports.ts';

const reasons = REPORT_REASONS.map((r) => r.value) as [string, ...string[]];
const reportBody = z.object({
  adId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  adReference: z.string().trim().max(200, 'El código o enlace del aviso puede tener hasta 200 caracteres.').optional(),
  reason: z.enum(reasons, 'Elegí el motivo de la denuncia.'),
  details: z.string().trim().max(1000, 'Los detalles pueden tener hasta 1000 caracteres.').optional(),
  contactEmail: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Escribí un email válido o dejalo vacío.'))]).optional(),
});

export function reportsRouter(deps: AppDeps): Router {
  const router = new Router();
  router.post('/reports', rateLimit({ windowMs: 60 * 60_000, max: 10 }), async (ctx) => {
    const input = parseInput(reportBody, await readJsonBody(ctx, { limitBytes: 8 * 1024, types: ['application/json'] }));
    const adId = input.adId ?? (input.adReference ? adIdFromReference(input.adReference) : null);
    const { id, hidden } = await createReport(deps.db, {
      adId,
      adReference: input.adReference || null,
      reason: input.reason as (typeof REPORT_REASONS)[number]['value'],
      details: input.details || null,
      contactEmail: input.contactEmail || null,
    });
    ctx.status = 201;
    ctx.body = { success: true, id, hidden };
  });
  return router;
}
