// The end-to-end servers: each group of specs runs against a server of its own, started on its own copy of one
// prepared data folder (scripts/e2e.ts), so that no spec sees another group's changes and the groups run side by
// side instead of one after another. A group holds the specs that change what others compare: prices, the analytics
// summary, which ads are public, the clock of plans.

export interface E2eServer {
  name: E2eServerName;
  port: number;
  dataDir: string;
}

/** Each group's specs (file names without .spec.ts); 'site' takes every spec no other group names. */
export const E2E_GROUPS = {
  site: [],
  // Prices and bank accounts that the public plan pages show.
  panel: ['admin-payments', 'admin-settings'],
  // Asserts the whole analytics summary, so no other spec may add visits meanwhile.
  analytics: ['analytics'],
  // Hide, release and flag public ads; the transparency report (in every language), which counts such decisions, writes
  // its first record.
  moderation: ['moderation', 'report-handling', 'duplicates', 'transparency', 'languages-transparency'],
  // Deletes an account and its ads; revokes a purchase and refunds it in Pagos (decision 068).
  'account-rights': ['account-rights', 'consumer-law'],
  // Publish ads with statistics (and compare their covers), availability, checked photos and rates, and count a
  // landing page.
  'advertiser-tools': ['ad-statistics', 'cover-statistics', 'available-now', 'photo-verification', 'rates', 'landing-counts'],
  // Changes which ads are VIP and moves the plans' clock past their end.
  plans: ['plans'],
} as const satisfies Record<string, readonly string[]>;

export type E2eServerName = keyof typeof E2E_GROUPS;

export const E2E_SERVER_NAMES = Object.keys(E2E_GROUPS) as E2eServerName[];

/** The spec files of a group, as a pattern for Playwright's testMatch / testIgnore. */
export function specPattern(names: readonly string[]): RegExp {
  return new RegExp(`(^|/)(${names.join('|')})\\.spec\\.ts$`);
}

/** The environment of an end-to-end server (`node api/main.ts`), its data folder already prepared. */
export function serverEnv(server: E2eServer, adminPassword: string): Record<string, string> {
  return {
    PORT: String(server.port),
    HOST: '127.0.0.1',
    DATA_DIR: server.dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: adminPassword,
    // The documented development path (decision 069): these two reach the panel with the password alone while they
    // have no factor; every other staff member a spec signs in sets one up.
    STAFF_WITHOUT_SECOND_STEP: 'velada_admin,socia_demo',
    PUBLIC_ORIGIN: 'https://velada.example',
    // The tests' browsers reach the server through the loopback and name their own address (e2e/fixtures.ts).
    TRUST_PROXY: '127.0.0.1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}
