// What an advertiser declares to verify their identity (the publish flow's identity step): name, birth date and, for
// RENAPER, DNI, trámite and gender. The birth date must make them an adult.
import { z } from 'zod';
import { ageFrom } from './dates.ts';

export const MIN_AGE = 18;

const adult = (now: Date) =>
  z.iso
    .date('Ingresá tu fecha de nacimiento.')
    .refine((d) => ageFrom(d, now) >= MIN_AGE, 'Tenés que ser mayor de 18 años para publicar en Velada.')
    .refine((d) => ageFrom(d, now) <= 100, 'Revisá el año de tu fecha de nacimiento.');

export const claimSchema = (now = new Date()) =>
  z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('renaper'),
        fullName: z.string().trim().min(3, 'Escribí tu nombre y apellido como figuran en el DNI.').max(120),
        birthDate: adult(now),
        dni: z.string().transform(dniDigits).pipe(z.string().regex(DNI_PATTERN, DNI_MESSAGE)),
        tramite: z
          .string()
          .trim()
          .regex(/^\d{11,14}$/, 'El número de trámite debe tener entre 11 y 14 números.'),
        gender: z.enum(['M', 'F', 'X'], 'Elegí el género que figura en tu DNI.'),
      }),
      z.object({
        method: z.literal('manual'),
        fullName: z.string().trim().min(3, 'Escribí tu nombre y apellido como figuran en el DNI.').max(120),
        birthDate: adult(now),
      }),
    ],
    'Elegí un método de verificación: RENAPER o revisión manual.',
  );
export type Claim = z.output<ReturnType<typeof claimSchema>>;

/** A DNI as people write it ("30.123.456", "30 123 456"): its digits, which must be 7 or 8. */
export function dniDigits(text: string): string {
  return text.trim().replace(/[.\s]/g, '');
}
export const DNI_PATTERN = /^\d{7,8}$/;
export const DNI_MESSAGE = 'El DNI debe tener 7 u 8 números.';

export type DocumentKind = 'dni_front' | 'dni_back' | 'selfie';
