// What visitors send to staff without an account (rate-limited per address): POST /api/reports, a report of an
// ad (a possible minor or trafficking hides it at once), and POST /api/contact, the contact form.
import Router from '@koa/router';
import { z } from 'zod';
import type { RouterDeps } from '#api/deps.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import { parseInput } from '#api/http/validate.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { adIdFromReference, createReport } from '#db/queries/reports.ts';
import { HIDING_REASONS, REPORT_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import { keyedHash } from '#db/queries/server-keys.ts';
import { mailStaffAlert } from '#api/services/staff-alerts.ts';
import { adHeldMail } from './report-mails.ts';
import { saveContactMessage } from '#db/queries/contact-messages.ts';
import { CONTACT_TOPICS, type ContactTopic } from '#shared/contact-topics.ts';

const reasons = REPORT_REASONS.map((r) => r.value) as [string, ...string[]];
const reportBody = z.object({
  adId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  adReference: z.string().trim().max(200, 'El código o enlace del aviso puede tener hasta 200 caracteres.').optional(),
  reason: z.enum(reasons, 'Elegí el motivo de la denuncia.'),
  details: z.string().trim().max(1000, 'Los detalles pueden tener hasta 1000 caracteres.').optional(),
  contactEmail: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Escribí un email válido o dejalo vacío.'))]).optional(),
});

const contactTopics = CONTACT_TOPICS.map((t) => t.value) as [string, ...string[]];
const contactBody = z.object({
  name: z.string().trim().max(120, 'El nombre puede tener hasta 120 caracteres.').optional(),
  email: z.string().trim().max(254).pipe(z.email('Escribí un email válido: es donde te vamos a responder.')),
  topic: z.enum(contactTopics, 'Elegí un tema.'),
  message: z
    .string()
    .trim()
    .min(10, 'Contanos un poco más: el mensaje necesita al menos 10 caracteres.')
    .max(2000, 'El mensaje puede tener hasta 2000 caracteres.'),
});

export function reportsRouter(deps: RouterDeps): Router {
  const router = new Router();
  router.post('/contact', rateLimit({ windowMs: 60 * 60_000, max: 10 }), async (ctx) => {
    const input = parseInput(contactBody, await readJsonBody(ctx, { limitBytes: 8 * 1024, types: ['application/json'] }));
    const id = await saveContactMessage(deps.db, {
      name: input.name || null,
      email: input.email,
      topic: input.topic as ContactTopic,
      message: input.message,
    });
    ctx.status = 201;
    ctx.body = { success: true, id };
  });
  router.post('/reports', rateLimit({ windowMs: 60 * 60_000, max: 10 }), async (ctx) => {
    const input = parseInput(reportBody, await readJsonBody(ctx, { limitBytes: 8 * 1024, types: ['application/json'] }));
    const adId = input.adId ?? (input.adReference ? adIdFromReference(input.adReference) : null);
    const reason = input.reason as ReportReason;
    const { id, hidden, heldAd } = await createReport(deps.db, {
      adId,
      adReference: input.adReference || null,
      reason,
      details: input.details || null,
      contactEmail: input.contactEmail || null,
      // Who reported, as a keyed hash of the address: enough to limit one reporter, never the address itself.
      reporterKey: await keyedHash(deps.db, 'reporter_hash_key', ctx.ip),
    });
    if (heldAd) {
      // The advertiser learns that the ad is hidden and why it cannot be changed; never who reported it.
      await deps.mailer
        .send(adHeldMail(heldAd.advertiserEmail, heldAd))
        .catch((err) => console.error('Held-ad notice failed:', (err as Error).message));
    }
    if (adId && HIDING_REASONS.includes(reason)) {
      await mailStaffAlert(
        deps.mailer,
        deps.config.staffAlertEmail,
        `Una denuncia por ${reason === 'posible_menor' ? 'posible menor de edad' : 'posible trata'} sobre el anuncio con código ${adId}${hidden ? ' lo ocultó' : ''}.`,
        deps.config.siteOrigin,
      );
    }
    ctx.status = 201;
    ctx.body = { success: true, id, hidden };
  });
  return router;
}
