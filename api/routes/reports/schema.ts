// What visitors send (a report, a contact message) and how the panel filters them.
import { z } from 'zod';
import { REPORT_REASONS } from '#shared/report-reasons.ts';
import { CONTACT_TOPICS } from '#shared/contact-topics.ts';

const reasons = REPORT_REASONS.map((r) => r.value) as [string, ...string[]];
const contactTopics = CONTACT_TOPICS.map((t) => t.value) as [string, ...string[]];

export const messagesQuery = z.object({ status: z.enum(['open', 'answered']).default('open') });

export const reportsQuery = z.object({ status: z.enum(['open', 'resolved', 'dismissed']).default('open') });

export const reportBody = z.object({
  adId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  adReference: z.string().trim().max(200, 'El código o enlace del aviso puede tener hasta 200 caracteres.').optional(),
  reason: z.enum(reasons, 'Elegí el motivo de la denuncia.'),
  details: z.string().trim().max(1000, 'Los detalles pueden tener hasta 1000 caracteres.').optional(),
  contactEmail: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Escribí un email válido o dejalo vacío.'))]).optional(),
});

export const contactBody = z.object({
  name: z.string().trim().max(120, 'El nombre puede tener hasta 120 caracteres.').optional(),
  email: z.string().trim().max(254).pipe(z.email('Escribí un email válido: es donde te vamos a responder.')),
  topic: z.enum(contactTopics, 'Elegí un tema.'),
  message: z
    .string()
    .trim()
    .min(10, 'Contanos un poco más: el mensaje necesita al menos 10 caracteres.')
    .max(2000, 'El mensaje puede tener hasta 2000 caracteres.'),
});

/** The advertiser's answer to a report that holds their ad (decision 044). */
export const answerBody = z.object({
  answer: z
    .string()
    .trim()
    .min(10, 'Contanos un poco más: la respuesta necesita al menos 10 caracteres.')
    .max(2000, 'La respuesta puede tener hasta 2000 caracteres.'),
});
