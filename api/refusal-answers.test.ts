import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { refuse, REFUSAL_REASONS } from '#core/refusals.ts';
import { errorHandler } from './middleware/errors.ts';
import { answerTo } from './refusal-answers.ts';

describe('refusals of the core, over HTTP', () => {
  it('each reason reads as a 400, 403, 404 or 409 with a code and a message of its own', () => {
    const answers = REFUSAL_REASONS.map((reason) => answerTo(refuse(reason, { limit: 5 })));
    for (const answer of answers) {
      expect([400, 403, 404, 409]).toContain(answer.status);
      expect(answer.code).toMatch(/^[a-z_]+$/);
      expect(answer.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿].+\.$/);
    }
    expect(answerTo(refuse('photos_full', { limit: 8 }))).toMatchObject({
      message: 'Tu plan permite hasta 8 fotos por anuncio.',
      field: 'photo',
    });
    expect(new Set(answers.map((a) => `${a.code} ${a.message}`)).size).toBe(REFUSAL_REASONS.length);
  });

  it('a refusal a route lets through is answered by the error middleware, in any route', async () => {
    const app = new Koa();
    app.use(errorHandler());
    app.use(() => {
      throw refuse('payment_already_processed');
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: { code: 'already_processed', message: 'Ese pago ya fue procesado.' } });
    } finally {
      server.close();
    }
  });
});
