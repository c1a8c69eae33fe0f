// Turns thrown errors into `{ error: { code, message } }` with the right status; logs only what is not ours.
// A database that refuses a value (a constraint, a text it cannot store, a number out of range) is the client's
// 4xx, logged as one line; anything else is a 500, logged once with its stack. Logs never carry what the visitor
// sent: no query string, no body, and no database message (Knex puts the query and its values in it).
import type { Context, Middleware } from 'koa';
import { ZodError } from 'zod';
import {
  badRequest,
  databaseDuplicate,
  databaseMalformed,
  databaseMissingValue,
  databaseOutOfRange,
  databaseReference,
  databaseText,
  databaseTooLong,
  HttpError,
  internalError,
  invalidInput,
} from '#api/errors.ts';
import { answerTo } from '#api/refusal-answers.ts';
import { Refusal } from '#core/refusals.ts';

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const answer = answerFor(ctx, err);
      ctx.status = answer.status;
      if (answer.retryAfterSeconds) ctx.set('Retry-After', String(answer.retryAfterSeconds));
      ctx.body = { error: { code: answer.code, message: answer.message, ...answer.body } };
    }
  };
}

/** The answer to what was thrown: ours as it is, a refusal of the core or a schema as the API says it, the rest. */
function answerFor(ctx: Context, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof Refusal) return answerTo(err);
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    // The field, then why (in Spanish when parsed with api/http/validate.ts).
    return invalidInput(issue?.path.join('.') || 'solicitud', issue?.message ?? '');
  }
  const refused = databaseRefusal(err);
  if (refused) {
    const answer = refused.answer();
    console.warn(`Refused ${ctx.method} ${ctx.path}: database ${refused.dbCode} (${answer.status} ${answer.code})`);
    return answer;
  }
  const status = (err as { status?: number }).status;
  if (status && status >= 400 && status < 500) return badRequest(status);
  logUnexpected(ctx, err);
  return internalError();
}

type Answer = () => HttpError;

/** PostgreSQL's SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const POSTGRES: Record<string, Answer> = {
  '22021': databaseText, // character_not_in_repertoire (NUL in text)
  '22P05': databaseText, // untranslatable_character
  '22001': databaseTooLong, // string_data_right_truncation
  '22P02': databaseMalformed, // invalid_text_representation
  '22007': databaseMalformed, // invalid_datetime_format
  '22008': databaseOutOfRange, // datetime_field_overflow
  '22003': databaseOutOfRange, // numeric_value_out_of_range
  '23502': databaseMissingValue, // not_null_violation
  '23514': databaseMalformed, // check_violation
  '23505': databaseDuplicate, // unique_violation
  '23503': databaseReference, // foreign_key_violation
  '54000': databaseTooLong, // program_limit_exceeded (a value too large for an index)
};

/** SQLite's codes, extended ones included (better-sqlite3 reports a constraint's kind in its code). */
const SQLITE: Record<string, Answer> = {
  SQLITE_CONSTRAINT_UNIQUE: databaseDuplicate,
  SQLITE_CONSTRAINT_PRIMARYKEY: databaseDuplicate,
  SQLITE_CONSTRAINT_FOREIGNKEY: databaseReference,
  SQLITE_CONSTRAINT_NOTNULL: databaseMissingValue,
  SQLITE_CONSTRAINT_CHECK: databaseMalformed,
  SQLITE_TOOBIG: databaseTooLong,
  SQLITE_MISMATCH: databaseMalformed,
  SQLITE_RANGE: databaseOutOfRange,
};

interface DatabaseError extends Error {
  code: string;
  /** PostgreSQL's; absent on SQLite. */
  severity?: string;
  /** Where PostgreSQL's error happened, when it says (the values are only in the message). */
  table?: string;
  column?: string;
  constraint?: string;
}

/** An error from a database driver: pg's (a severity and a five-character SQLSTATE) or better-sqlite3's (SQLITE_...). */
function asDatabaseError(err: unknown): DatabaseError | null {
  if (!(err instanceof Error)) return null;
  const { code, severity } = err as Partial<DatabaseError>;
  if (typeof code !== 'string') return null;
  const fromPostgres = typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return fromPostgres || code.startsWith('SQLITE_') ? (err as DatabaseError) : null;
}

function databaseRefusal(err: unknown): { answer: Answer; dbCode: string } | null {
  const db = asDatabaseError(err);
  if (!db) return null;
  const table = db.severity ? POSTGRES : SQLITE;
  return Object.hasOwn(table, db.code) ? { answer: table[db.code]!, dbCode: db.code } : null;
}

/**
 * A 500: method and path (the query string can carry what visitors typed), what failed and the stack, once. A
 * database error is named by its code only; other messages keep their first line, shortened.
 */
function logUnexpected(ctx: Context, err: unknown): void {
  const error = err instanceof Error ? err : new Error(`thrown ${typeof err}`);
  const db = asDatabaseError(error);
  let what = `${error.name}: ${firstLine(error.message)}`;
  if (db) {
    const where = (['table', 'column', 'constraint'] as const)
      .filter((key) => typeof db[key] === 'string')
      .map((key) => `, ${key} ${db[key]}`);
    what = `${error.name} (database ${db.code}${where.join('')})`;
  }
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  console.error(`Error handling ${ctx.method} ${ctx.path}: ${what}${frames ? `\n${frames}` : ''}`);
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
