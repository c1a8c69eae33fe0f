// What the payment endpoints accept: a plan purchase, a payment page, processing and bank accounts in the panel.
import { z } from 'zod';
import { isValidCbu } from '#shared/cbu.ts';
import { PAID_PLANS, PAYMENT_METHODS } from '#shared/plans.ts';

export const processBody = z.object({
  bankAccountId: z.number({ error: 'Seleccione una cuenta bancaria de destino' }).int().positive(),
  notes: z.string().trim().max(500).nullable().optional(),
});

export const bankAccountBody = z.object({
  bankName: z.string().trim().min(1).max(80),
  accountHolder: z.string().trim().min(1).max(120),
  accountNumber: z.string().trim().min(1).max(40),
  cbu: z.string().trim().refine(isValidCbu, 'CBU inválido: deben ser 22 dígitos con sus dígitos verificadores correctos'),
  alias: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{6,20}$/, 'El alias debe tener entre 6 y 20 caracteres (letras, números, punto o guion)')
    .nullable()
    .optional(),
  accountType: z.enum(['checking', 'savings']).default('checking'),
});

export const purchaseBody = z.object({
  adId: z.number({ error: 'Elegí el anuncio que querés destacar.' }).int().positive().max(2_147_483_647),
  plan: z.enum(PAID_PLANS, 'Elegí un plan: Premium o VIP.'),
  method: z.enum(PAYMENT_METHODS, 'Elegí cómo pagar: transferencia bancaria o MercadoPago.'),
  quote: z.string({ error: 'Falta el precio que viste. Recargá la página y volvé a intentar.' }).max(200),
});

export const paymentQuery = z.object({
  mercadopago: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});
