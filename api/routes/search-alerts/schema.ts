// What the alert endpoints accept: a browser's push subscription (PushSubscription.toJSON()) and a search's query
// string, and the language of the page it is asked on; a device proves itself with its endpoint and the subscription's
// auth secret.
import { z } from 'zod';
import { idParams } from '#api/http/validate.ts';
import { DEFAULT_LOCALE, LOCALES } from '#shared/i18n/locales.ts';

const INVALID = 'La suscripción del navegador no es válida.';
const base64url = (min: number, max: number) =>
  z
    .string(INVALID)
    .min(min, INVALID)
    .max(max, INVALID)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, INVALID);

const endpoint = z.string(INVALID).min(10, INVALID).max(1024, INVALID);
/** 16 random bytes: 22 characters in URL-safe base64 (24 with padding). */
const auth = base64url(16, 24);

export const subscribeBody = z.object({
  subscription: z.object(
    {
      endpoint,
      // Some browsers send expirationTime: accepted and not kept.
      expirationTime: z.number().nullable().optional(),
      keys: z.object(
        {
          // An uncompressed P-256 point: 65 bytes, 87 characters (88 with padding).
          p256dh: base64url(86, 88),
          auth,
        },
        INVALID,
      ),
    },
    INVALID,
  ),
  /** The search's query string as /buscar has it (with or without '?'). */
  filter: z.string('Elegí una búsqueda.').max(1024, 'La búsqueda es demasiado larga.'),
  /** The page's language ('es', 'pt', 'en'): the notifications' and their search's; Spanish when not sent. */
  locale: z.enum(LOCALES, 'Idioma no válido.').default(DEFAULT_LOCALE),
});

export const deviceBody = z.object({ endpoint, auth });

export const searchAlertParams = idParams;
