// What the panel accepts when deciding a verification (the advertiser sends a multipart form; see routes.ts).
import { z } from 'zod';

export const rejectBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo del rechazo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo del rechazo: el anunciante lo va a ver.')
    .max(500),
});
