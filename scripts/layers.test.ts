import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, checkRepository, describeViolation } from './layers.ts';

const aliases = { '#api/*': './api/*', '#db/*': './db/*', '#shared/*': './shared/*', '#site/*': './site/*', '#tooling/*': './tooling/*' };

describe('the layer rule', () => {
  it('holds in the repository', () => {
    const violations = checkRepository(path.resolve(import.meta.dirname, '..'));
    expect(violations.map(describeViolation)).toEqual([]);
  });

  it('refuses a back-import, by alias or by relative path', () => {
    expect(checkFile('db/queries/x.ts', "import { hashPassword } from '#api/services/passwords.ts';", aliases)).toMatchObject([
      { from: 'db', to: 'api', line: 1 },
    ]);
    expect(checkFile('db/queries/x.ts', "import { x } from '../../api/services/passwords.ts';", aliases)).toMatchObject([
      { from: 'db', to: 'api' },
    ]);
    expect(checkFile('api/x.ts', "export { formatMoney } from '../site/lib/api-client.ts';", aliases)).toMatchObject([
      { from: 'api', to: 'browser' },
    ]);
    expect(checkFile('shared/x.ts', "const m = await import('#db/connection.ts');", aliases)).toMatchObject([{ from: 'shared', to: 'db' }]);
    expect(checkFile('api/x.ts', "import { insertAd } from '#tooling/factories/index.ts';", aliases)).toMatchObject([
      { from: 'api', to: 'tooling' },
    ]);
  });

  it('keeps pages to the core: no query and no API module in a page, by alias or by relative path', () => {
    const page =
      "---\nimport { searchAds } from '#db/queries/search-ads.ts';\nimport { x } from '../../../api/auth/guards.ts';\n---\n<p>x</p>\n";
    expect(checkFile('site/pages/x/y.astro', page, aliases)).toMatchObject([
      { from: 'site-server', to: 'db', line: 2 },
      { from: 'site-server', to: 'api', line: 3 },
    ]);
    expect(
      checkFile('site/pages/x.astro', "---\nimport { searchResults } from '#core/search/search-results.ts';\n---\n", {
        ...aliases,
        '#core/*': './core/*',
      }),
    ).toEqual([]);
  });

  it('keeps queries out of route files: they answer from the core', () => {
    expect(checkFile('api/routes/x/routes.ts', "import { createReport } from '#db/queries/reports.ts';", aliases)).toMatchObject([
      { from: 'routes', to: 'db' },
    ]);
    expect(checkFile('api/services/x.ts', "import { reportsRouter } from '../routes/reports/routes.ts';", aliases)).toMatchObject([
      { from: 'api', to: 'routes' },
    ]);
    expect(
      checkFile('api/routes/x/routes.ts', "import { fileVisitorReport } from '#core/safety/visitor-reports.ts';", {
        ...aliases,
        '#core/*': './core/*',
      }),
    ).toEqual([]);
  });

  it('keeps server modules out of browser code, .astro scripts included', () => {
    expect(checkFile('site/islands/x.tsx', "import { CONTACT_TOPICS } from '#db/queries/contact-messages.ts';", aliases)).toMatchObject([
      { from: 'browser', to: 'db' },
    ]);
    expect(checkFile('site/stores/x.ts', "import '#api/config.ts';", aliases)).toMatchObject([{ from: 'browser', to: 'api' }]);
    const page =
      "---\nimport { SITE } from '#shared/site.ts';\n---\n<p>x</p>\n<script>\n  import { db } from '#db/connection.ts';\n</script>\n";
    expect(checkFile('site/pages/x.astro', page, aliases)).toMatchObject([{ from: 'browser', to: 'db', line: 6 }]);
  });

  it('keeps server types out of browser code: it names the contracts of shared/', () => {
    expect(
      checkFile(
        'site/islands/x.tsx',
        "import type { AdRow } from '#db/queries/ads.ts';\nimport { type Admin } from '#api/auth.ts';",
        aliases,
      ),
    ).toMatchObject([
      { from: 'browser', to: 'db' },
      { from: 'browser', to: 'api' },
    ]);
  });

  it('lets types cross elsewhere, and the allowed directions through', () => {
    expect(checkFile('site/pages/x.astro', "---\nimport type { AdRow } from '#db/queries/ads.ts';\n---\n", aliases)).toEqual([]);
    expect(checkFile('core/x.ts', "import type { Config } from '#api/config.ts';", { ...aliases, '#core/*': './core/*' })).toEqual([]);
    expect(
      checkFile(
        'api/x.ts',
        "import { searchAds } from '#db/queries/search-ads.ts';\nimport { CATEGORIES } from '#shared/catalogue.ts';",
        aliases,
      ),
    ).toEqual([]);
    expect(
      checkFile(
        'site/pages/x.astro',
        "---\nimport { CATEGORIES } from '#shared/catalogue.ts';\nimport Form from '#site/islands/form.tsx';\n---\n",
        aliases,
      ),
    ).toEqual([]);
    expect(checkFile('db/queries/x.test.ts', "import { createApp } from '#api/app.ts';", aliases)).toEqual([]);
  });

  it('does not count a mixed import with a value as type-only', () => {
    expect(checkFile('db/x.ts', "import { type Mailer, sendMail } from '#api/services/mail.ts';", aliases)).toHaveLength(1);
  });
});
