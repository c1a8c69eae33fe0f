// What the panel overview accepts: the plan prices and the audit log filters.
import { z } from 'zod';

export const price = z.number().int().min(0).max(10_000_000);

export const settingsBody = z.object({ pricePremium: price, priceVip: price });

export const auditQuery = z.object({
  action: z.string().max(64).optional(),
  username: z.string().max(64).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
