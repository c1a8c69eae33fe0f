// What the panel accepts when deciding a verification (the advertiser sends a multipart form; see routes.ts).
import { z } from 'zod';

export const rejectBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo del rechazo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo del rechazo: el anunciante lo va a ver.')
    .max(500),
});

const REASON_NEEDED = 'Escribí por qué no se verificó esta foto: el anunciante lo va a ver.';

/** Staff's decision on a photo verification: every photo of the ad, verified or not (then with a reason). */
export const photoDecisionBody = z.object({
  photos: z
    .array(
      z.object({
        id: z.number().int().positive(),
        verified: z.boolean({ error: 'Marcá cada foto como verificada o no verificada.' }),
        reason: z.string().trim().max(300, 'El motivo puede tener hasta 300 caracteres.').optional(),
      }),
      { error: 'Marcá cada foto del anuncio.' },
    )
    .min(1, 'Marcá cada foto del anuncio.')
    .max(20)
    .superRefine((photos, ctx) => {
      if (new Set(photos.map((p) => p.id)).size !== photos.length)
        ctx.addIssue({ code: 'custom', message: 'Cada foto se marca una sola vez.' });
      for (const [index, photo] of photos.entries()) {
        if (!photo.verified && (photo.reason ?? '').length < 5)
          ctx.addIssue({ code: 'custom', path: [index, 'reason'], message: REASON_NEEDED });
      }
    }),
});
