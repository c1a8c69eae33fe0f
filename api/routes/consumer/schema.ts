// What the "Botón de arrepentimiento" and the "Botón de baja" forms send (decision 068).
import { z } from 'zod';

const email = z.string().trim().max(254).pipe(z.email('Escribí el email de tu cuenta, por ejemplo nombre@ejemplo.com.'));

export const revocationBody = z.object({
  reference: z
    .string()
    .trim()
    .min(1, 'Escribí la referencia de la compra (empieza con VEL-).')
    .max(32, 'La referencia tiene hasta 32 caracteres: revisala en el correo de tu compra.'),
  email,
});

export const cancellationBody = z.object({
  email,
  closeAccount: z.boolean().default(false),
});

export const cancellationConfirmBody = z.object({
  token: z.string().min(1).max(200),
});
