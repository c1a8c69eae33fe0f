// What advertisers send to file an alert or look a number up (the forms check with the same schemas), and how the
// panel filters and decides alerts.
import { z } from 'zod';
import { lookupSchema, reportSchema } from '#shared/safety-alerts.ts';

export const reportBody = reportSchema();
export const lookupBody = lookupSchema;

export const staffListQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']).default('pending') });

/** Rejecting or withdrawing says why: the reporter reads it beside the alert. */
export const decisionBody = z.object({
  reason: z
    .string('Escribí el motivo.')
    .trim()
    .min(5, 'Escribí el motivo: quien reportó lo va a ver.')
    .max(500, 'El motivo puede tener hasta 500 caracteres.'),
});
