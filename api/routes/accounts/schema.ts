// What the advertiser account endpoints accept (registration, sign-in, mailed links, deleting the account).
import { z } from 'zod';

export const deleteBody = z.object({ password: z.string().min(1, 'Escribí tu contraseña para confirmar.').max(128) });

export const password = z
  .string()
  .min(8, 'La contraseña debe tener al menos 8 caracteres.')
  .max(128, 'La contraseña puede tener hasta 128 caracteres.');

export const email = z.string().trim().max(254).pipe(z.email('Ingresá un email válido, como nombre@ejemplo.com.'));

export const token = z.string().min(20).max(100);

/** Where the advertiser was headed (the publish flow): checked by returnPathForMail, never a reason to refuse. */
export const volver = z.unknown().optional();

export const registerBody = z.object({
  fullName: z.string().trim().min(3, 'Escribí tu nombre y apellido.').max(120, 'El nombre puede tener hasta 120 caracteres.'),
  email,
  password,
  acceptsTerms: z.literal(true, 'Para crear la cuenta tenés que ser mayor de 18 años y aceptar los términos.'),
  volver,
});

export const loginBody = z.object({
  email: z.string().trim().min(1, 'Ingresá tu email.').max(254),
  password: z.string().min(1, 'Ingresá tu contraseña.').max(128),
});

export const emailBody = z.object({ email });

export const resendBody = z.object({ email, volver });

export const confirmBody = z.object({ token });

export const resetBody = z.object({ token, password });
