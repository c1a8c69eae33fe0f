// What the mail-preferences endpoints accept: which optional kinds to turn on or off (shared/mail-preferences.ts),
// with the mailed link's token or the advertiser's session, and RFC 8058's one-click address.
import { z } from 'zod';
import { OPTIONAL_MAIL_KIND_VALUES } from '#shared/mail-preferences.ts';

const kind = z.enum(OPTIONAL_MAIL_KIND_VALUES, 'Ese tipo de correo no existe.');
const token = z.string().max(100, 'El enlace no es válido.');

export const preferenceChanges = z
  .partialRecord(kind, z.boolean('Indicá si querés recibirlo (sí o no).'))
  .refine((changes) => Object.keys(changes).length > 0, 'Elegí qué correos querés recibir.');

export const tokenPreferencesBody = z.object({ token, preferences: preferenceChanges });

export const ownPreferencesBody = z.object({ preferences: preferenceChanges });

export const unsubscribeQuery = z.object({ token: token.optional(), kind });
