// What staff sign-in and the management of staff accounts accept.
import { z } from 'zod';
import { ADMIN_PERMISSIONS } from '#shared/admin-permissions.ts';

export const loginBody = z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) });

export const administratorBody = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_.]{3,32}$/, 'El usuario debe tener entre 3 y 32 caracteres: letras, números, punto o guion bajo'),
  fullName: z.string().trim().min(2).max(120),
  password: z.string().min(12, 'La contraseña debe tener al menos 12 caracteres').max(128),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)).max(ADMIN_PERMISSIONS.length),
});
