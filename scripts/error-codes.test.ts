import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkErrorCodes, declaredCodes, errorCodeProblems } from './error-codes.ts';

describe('error codes', () => {
  it('are declared only in the catalogues, and browser code compares only with declared ones', () => {
    expect(checkErrorCodes(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });

  it('refuses an HttpError built in a route and a comparison with an unknown code', () => {
    const codes = declaredCodes("const a = () => new HttpError(404, 'ad_not_found', 'x');\nconst b = [409, 'not_pending', 'y'];");
    expect([...codes]).toEqual(['ad_not_found', 'not_pending']);
    expect(
      errorCodeProblems(
        'api/routes/x/routes.ts',
        "throw new HttpError(409, 'made_up', 'x');\nif (err.code === 'made_up') {}\nif (err.code === 'ad_not_found') {}",
        codes,
        new Set(),
      ),
    ).toEqual([
      'api/routes/x/routes.ts: builds an HttpError; add a factory to api/errors.ts',
      "api/routes/x/routes.ts: compares with 'made_up', a code no catalogue declares",
    ]);
  });
});
