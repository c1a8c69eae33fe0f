// Parses what a client sent with Spanish messages (zod's es locale); messages written in a schema stay as they are.
// A failure is a ZodError, which api/middleware/errors.ts turns into a 400 naming the field.
import { z } from 'zod';

const spanish = z.locales.es();

export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  return schema.parse(data, { error: spanish.localeError });
}

/** A row id in a path: a positive integer that fits the databases' integer columns. */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);
/** `:id` in a path. */
export const idParams = z.object({ id: rowId });
