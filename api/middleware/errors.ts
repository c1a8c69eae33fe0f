// Turns thrown errors into `{ error: { code, message } }` with the right status; logs only what is not ours.
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { HttpError } from '../errors.ts';

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = { error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) } };
        return;
      }
      if (err instanceof ZodError) {
        const issue = err.issues[0];
        ctx.status = 400;
        // The field, then why (in Spanish when parsed with api/http/validate.ts).
        const field = issue?.path.join('.') || 'solicitud';
        // `detail` is the reason alone, for forms that show it next to the field.
        const detail = issue?.message ?? '';
        ctx.body = { error: { code: 'invalid_input', field, detail, message: `Dato inválido: ${field}. ${detail}`.trim() } };
        return;
      }
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { error: { code: 'bad_request', message: 'La solicitud no es válida.' } };
        return;
      }
      // Path only: query strings can carry what visitors typed.
      console.error(`Error handling ${ctx.method} ${ctx.path}:`, err);
      ctx.status = 500;
      ctx.body = { error: { code: 'internal', message: 'Ocurrió un error inesperado. Intentá de nuevo más tarde.' } };
    }
  };
}
