// Parses what a client sent with Spanish messages (zod's es locale); messages written in a schema stay as they are.
// A failure is a ZodError, which api/middleware/errors.ts turns into a 400 naming the field. Routes declare their
// input with validate({ params, query, body }), which fills a typed ctx.input before the handler runs.
// Before any schema runs, every string and key of the input is checked: no control characters (PostgreSQL cannot
// store NUL; shared/control-characters.ts) and no key that names an object's prototype, whatever the schema says.
import { z } from 'zod';
import type { RouterMiddleware } from '@koa/router';
import type { DefaultState } from 'koa';
import { readJsonBody, type ReadBodyOptions } from '#api/http/read-body.ts';
import { readMultipart, type MultipartForm, type MultipartLimits } from '#api/http/read-multipart.ts';
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

/**
 * What a route accepts: schemas for its path parameters, query string and JSON body, each optional; or, instead of a
 * JSON body, a multipart form or a body the handler parses itself, each with its limits. A route that declares no
 * body never reads one.
 */
export interface InputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's size limit; 16 KB unless a route says otherwise. */
  bodyLimitBytes?: number;
  /** A multipart form (uploads), read when the handler is ready for it (`ctx.input.form()`), within these limits. */
  form?: MultipartLimits;
  /** A body the handler parses itself (`ctx.input.raw()`: analytics beacons, payment notifications). */
  raw?: ReadBodyOptions;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;
export interface ValidatedInput<S extends InputSchemas> {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
  /** Reads the declared multipart form; a route that declared none throws. */
  form: () => Promise<MultipartForm>;
  /** Reads the declared raw body, unparsed by any schema; a route that declared none throws. */
  raw: () => Promise<unknown>;
}
/** The context of a handler after validate(schemas). */
export type WithInput<S extends InputSchemas> = { input: ValidatedInput<S> };

export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Parses the path parameters, then the query, then the JSON body (read with its size limit only when the route
 * has a body schema) into ctx.input; the first that fails answers 400 and the handler does not run. Put it after
 * the guards: a caller who may not call the route learns nothing about its input.
 */
export function validate<S extends InputSchemas>(schemas: S): RouterMiddleware<DefaultState, WithInput<S>> {
  return async (ctx, next) => {
    const params = schemas.params ? parseInput(schemas.params, ctx.params) : {};
    const query = schemas.query ? parseInput(schemas.query, ctx.query) : {};
    const body = schemas.body
      ? parseInput(
          schemas.body,
          await readJsonBody(ctx, { limitBytes: schemas.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES, types: ['application/json'] }),
        )
      : {};
    const { form, raw } = schemas;
    ctx.input = {
      params,
      query,
      body,
      form: () => (form ? readMultipart(ctx, form) : Promise.reject(new Error(`${ctx.method} ${ctx.path} declares no form`))),
      raw: () => (raw ? readJsonBody(ctx, raw) : Promise.reject(new Error(`${ctx.method} ${ctx.path} declares no raw body`))),
    } as ValidatedInput<S>;
    await next();
  };
}
