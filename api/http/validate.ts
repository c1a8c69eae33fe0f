// Parses what a client sent with Spanish messages (zod's es locale); messages written in a schema stay as they are.
// A failure is a ZodError, which api/middleware/errors.ts turns into a 400 naming the field.
// Before any schema runs, every string and key of the input is checked: no control characters (PostgreSQL cannot
// store NUL; shared/control-characters.ts) and no key that names an object's prototype, whatever the schema says.
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '#shared/control-characters.ts';

export { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '#shared/control-characters.ts';

const spanish = z.locales.es();

/** Keys that reach an object's prototype when copied by assignment; no form has fields with these names. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const FORBIDDEN_KEY_MESSAGE = 'Ese nombre de campo no está permitido.';

export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  checkStrings(data);
  return schema.parse(data, { error: spanish.localeError });
}

function refuse(path: PropertyKey[], message: string, input: unknown): never {
  throw new z.ZodError([{ code: 'custom', path, message, input }]);
}

/**
 * Every string value and key of a request's input, at any depth. Iterative, so that a deeply nested body (JSON
 * allows thousands of levels within a few KB) cannot exhaust the stack.
 */
function checkStrings(data: unknown): void {
  interface Item {
    value: unknown;
    key?: PropertyKey;
    parent?: Item;
  }
  const pathOf = (item: Item) => {
    const path: PropertyKey[] = [];
    for (let at: Item | undefined = item; at?.parent; at = at.parent) path.unshift(at.key!);
    return path;
  };
  const pending: Item[] = [{ value: data }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    const { value } = item;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) refuse(pathOf(item), CONTROL_CHARACTERS_MESSAGE, value);
    } else if (typeof value === 'object' && value !== null) {
      const isArray = Array.isArray(value);
      // In reverse, so that the first field in the input is the first checked and the one named.
      for (const key of Object.keys(value).reverse()) {
        const child: Item = { value: (value as Record<string, unknown>)[key], key: isArray ? Number(key) : key, parent: item };
        if (!isArray && PROTOTYPE_KEYS.has(key)) refuse(pathOf(child), FORBIDDEN_KEY_MESSAGE, key);
        if (hasControlCharacters(key)) refuse(pathOf(child), CONTROL_CHARACTERS_MESSAGE, key);
        pending.push(child);
      }
    }
  }
}

/** A row id in a path: a positive integer that fits the databases' integer columns. */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);
/** `:id` in a path. */
export const idParams = z.object({ id: rowId });
