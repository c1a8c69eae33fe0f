import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineAnswers, inlineAnswersIn } from './route-answers.ts';

describe('route answers', () => {
  it('come from presenters in every route file', () => {
    expect(inlineAnswersIn(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });

  it('refuses an object or array built in a handler, typed or not', () => {
    const code = [
      'route(ctx => {',
      '  ctx.body = { success: true };',
      '  ctx.body = { alerts } satisfies View;',
      '  ctx.body = [1, 2];',
      '  ctx.body = presentAlerts(alerts);',
      '  ctx.body = bytes;',
      '});',
    ].join('\n');
    expect(inlineAnswers('api/routes/x/routes.ts', code).map((a) => a.line)).toEqual([2, 3, 4]);
  });
});
