// What the ad endpoints accept: the public phone reveal, the owner's photos and the panel's moderation.
import { z } from 'zod';
import { idParams, rowId } from '#api/http/validate.ts';
import { DEFAULT_REFUSAL_CATEGORY, REFUSAL_CATEGORIES, type RefusalCategory } from '#shared/refusal-categories.ts';

export const adIdParams = idParams;

/** How the visitor asked for the number: the call button or WhatsApp's (counted apart in the ad's statistics). */
export const phoneRevealBody = z.object({ via: z.enum(['telefono', 'whatsapp']).default('telefono') });

/** The period of an ad's statistics: 30 days unless 90 is asked. */
export const statsQuery = z.object({ periodo: z.enum(['30', '90']).default('30').transform(Number) });

export const photoParams = idParams.extend({ photoId: rowId });

export const orderBody = z.object({ ids: z.array(z.number().int().positive()).max(20) });

export const adsQuery = z.object({ state: z.enum(['pending', 'held', 'published', 'rejected', 'removed']).default('pending') });

/**
 * Approval: `?flagsRead=true` confirms that staff read the reasons screening held the ad for (docs/decisions/043).
 * In the query, so that approving an ad without flags still takes no body.
 */
export const approveQuery = z.object({
  flagsRead: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const adReasonBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo: el anunciante lo va a ver.')
    .max(500),
  // For the transparency report (decision 042); a panel that does not send it records 'otro'.
  category: z
    .enum(REFUSAL_CATEGORIES.map((c) => c.value) as [RefusalCategory, ...RefusalCategory[]], 'Elegí la categoría del motivo.')
    .default(DEFAULT_REFUSAL_CATEGORY),
});

/** Which of a visitor's favourites are still public: GET /api/ads/availability?ids=1,2,3 */
export const MAX_AVAILABILITY_IDS = 100;
export const availabilityQuery = z.object({
  ids: z
    .string('Indicá los avisos.')
    .max(MAX_AVAILABILITY_IDS * 11, `Consultá hasta ${MAX_AVAILABILITY_IDS} avisos por vez.`)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Los códigos de aviso son números separados por comas.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_AVAILABILITY_IDS, `Consultá hasta ${MAX_AVAILABILITY_IDS} avisos por vez.`)
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'Ese código de aviso no es válido.'),
});
