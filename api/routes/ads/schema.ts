import { z } from 'zod';

export const adIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
