// The environment, read once and validated. A wrong value stops the start with one line saying what to fix.
import path from 'node:path';
import { envSchema, trustedProxies, type Settings } from './env-schema.ts';
import { parseIdentityKey } from './services/identity-vault.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from './services/push-endpoints.ts';
import type { S3Settings } from './services/object-store/s3-store.ts';
import { DEMO_PARTNER_USERNAME } from '#shared/demo-accounts.ts';
import { missingOperatorSettings, operatorIdentity, type OperatorIdentity } from '#shared/operator-identity.ts';

/** The settings that only mean something with S3_BUCKET. */
const S3_EXTRAS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string | undefined;
  /** Where links in mail and payment redirects point: PUBLIC_ORIGIN, or this machine outside production. */
  siteOrigin: string;
  /** Who runs the site, as the footer names it: the PUBLIC_OPERATOR_* settings that are set (decision 062). */
  operator: OperatorIdentity;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /**
   * Staff usernames that reach the panel with the password alone while they have no second factor (decision 069):
   * STAFF_WITHOUT_SECOND_STEP, by default the demo partner `socia_demo`; always empty in production.
   */
  staffWithoutSecondStep: readonly string[];
  /** Addresses or CIDR ranges of the reverse proxies whose forwarded headers count (api/middleware/forwarded.ts). */
  trustedProxies: string[];
  /** IPv6 prefix length that counts as one source for every per-address limit and count (api/http/request-source.ts). */
  ipv6SourcePrefix: number;
  /** Without it, mail goes to DATA_DIR/outbox (api/services/mail.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where staff alerts are mailed too (an ad hidden by a report, a password attack); unset, the panel only. */
  staffAlertEmail: string | undefined;
  /** AES-256 key for identity documents; main.ts makes a local one when unset outside production. */
  identityKey: Buffer | undefined;
  /** IDENTITY_KEY_PREVIOUS: documents sealed with it are still read while a rotation is under way. */
  previousIdentityKey?: Buffer;
  /** HMAC key of safety-alert numbers (decision 046); main.ts makes a local one when unset outside production. */
  alertPhoneKey: Buffer | undefined;
  /** ALERT_PHONE_KEY_PREVIOUS: the key `npm run alerts:rekey` rotates out. */
  previousAlertPhoneKey?: Buffer;
  /** MercadoPago Checkout Pro, offered only when configured (api/routes/payments/mercadopago.ts). */
  mercadoPago: { accessToken: string; webhookSecret: string; apiUrl: string } | undefined;
  /** Photos, receipts and identity documents in this bucket; unset, in DATA_DIR (api/services/object-store/). */
  s3: S3Settings | undefined;
  /** Where public pages point ad photos (a CDN or a public bucket), without a trailing slash; unset, /media/ads. */
  mediaPublicUrl: string | undefined;
  /** Where rate limits are counted when set; otherwise memory on SQLite, the database on PostgreSQL (decision 029). */
  redisUrl: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset, a pair made once and kept in the database (decision 038). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our notifications: VAPID_SUBJECT, or the public origin, or MAIL_FROM's address. */
  vapidSubject: string;
  /** The push services' hosts a search alert may name (PUSH_SERVICE_HOSTS; api/services/push-endpoints.ts). */
  pushServiceHosts: readonly string[];
  /**
   * Tests only (never read from the environment): alerts may name a push service on this machine (a fake one), which
   * is otherwise refused like any private or loopback address.
   */
  pushAllowsLocalServices?: boolean;
}

export class ConfigError extends Error {}

/** Push services want a way to reach the sender: the site's https origin, or else the address mail comes from. */
function defaultVapidSubject(publicOrigin: string | undefined, mailFrom: string): string {
  if (publicOrigin?.startsWith('https://')) return publicOrigin.replace(/\/$/, '');
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^\s@]+@[^\s@]+$/.test(mailFrom) ? mailFrom : 'no-responder@velada.com.ar');
  return `mailto:${address}`;
}

/** The rules between settings that the schema checks one by one: what production needs, and what goes together. */
function checkSettingsTogether(c: Settings): void {
  // Production must not guess: links in mail would follow the request's Host, mail would go to a folder, and
  // identity documents would be sealed with a key kept beside them.
  if (c.NODE_ENV === 'production') {
    const missing = [
      !c.PUBLIC_ORIGIN && 'PUBLIC_ORIGIN (the address of the site, for links in mail)',
      !c.SMTP_URL && 'SMTP_URL (the mail server)',
      !c.IDENTITY_KEY && 'IDENTITY_KEY (openssl rand -hex 32)',
      !c.ALERT_PHONE_KEY && 'ALERT_PHONE_KEY (openssl rand -hex 32)',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Invalid configuration: NODE_ENV=production requires ${missing.join(', ')}.`);
  }
  for (const name of ['IDENTITY_KEY', 'ALERT_PHONE_KEY'] as const)
    if (c[`${name}_PREVIOUS`] && !c[name])
      throw new ConfigError(`Invalid configuration: ${name}_PREVIOUS is set but ${name} is not (the key that replaces it).`);
  // Notifications that cannot be verified must not be trusted: the token comes with its webhook secret.
  // Production staff always sign in with a second step: no account may be let through without one.
  if (c.NODE_ENV === 'production' && c.STAFF_WITHOUT_SECOND_STEP)
    throw new ConfigError(
      'Invalid configuration: STAFF_WITHOUT_SECOND_STEP is for development only; in production every staff member signs in with a second step.',
    );
  if (c.MERCADOPAGO_ACCESS_TOKEN && !c.MERCADOPAGO_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration: MERCADOPAGO_WEBHOOK_SECRET is required with MERCADOPAGO_ACCESS_TOKEN (the secret of your webhook in MercadoPago).',
    );
  }
  // MercadoPago sends buyers back, and its notifications, to the public address: it must be known.
  if (c.MERCADOPAGO_ACCESS_TOKEN && !c.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_ORIGIN is required with MERCADOPAGO_ACCESS_TOKEN (MercadoPago returns buyers and notifications there).',
    );
  }
  // Half an S3 configuration would silently leave files on this machine's disk.
  const extra = S3_EXTRAS.find((name) => c[name] !== undefined);
  if (extra && !c.S3_BUCKET)
    throw new ConfigError(`Invalid configuration: ${extra} is set but S3_BUCKET is not (the bucket for photos and documents).`);
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the SDK's own sources).",
    );
  // The site is served over HTTPS in production: photos over HTTP would be blocked as mixed content.
  if (c.NODE_ENV === 'production' && c.MEDIA_PUBLIC_URL?.startsWith('http:'))
    throw new ConfigError('Invalid configuration: MEDIA_PUBLIC_URL must be an https:// address in production.');
  // Half a key pair would sign with a key the browsers were never given.
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys).');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}.`);
  }
  const c = parsed.data;
  checkSettingsTogether(c);
  const production = c.NODE_ENV === 'production';
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    // In production the server sits behind a proxy on this machine: it listens on loopback unless told otherwise.
    host: c.HOST ?? (production ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL || undefined,
    publicOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    siteOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? `http://localhost:${c.PORT}`,
    operator: operatorIdentity({ name: c.PUBLIC_OPERATOR_NAME, cuit: c.PUBLIC_OPERATOR_CUIT, address: c.PUBLIC_OPERATOR_ADDRESS }),
    adminPassword: c.ADMIN_PASSWORD,
    // Demo data (and its partner admin) only where asked for in production.
    seedDemo: c.SEED_DEMO ?? !production,
    staffWithoutSecondStep: production
      ? []
      : (c.STAFF_WITHOUT_SECOND_STEP ?? DEMO_PARTNER_USERNAME)
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
    trustedProxies: trustedProxies(c.TRUST_PROXY)!,
    ipv6SourcePrefix: c.IPV6_SOURCE_PREFIX,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    staffAlertEmail: c.STAFF_ALERT_EMAIL,
    identityKey: c.IDENTITY_KEY ? parseIdentityKey(c.IDENTITY_KEY)! : undefined,
    previousIdentityKey: c.IDENTITY_KEY_PREVIOUS ? parseIdentityKey(c.IDENTITY_KEY_PREVIOUS)! : undefined,
    alertPhoneKey: c.ALERT_PHONE_KEY ? parseIdentityKey(c.ALERT_PHONE_KEY)! : undefined,
    previousAlertPhoneKey: c.ALERT_PHONE_KEY_PREVIOUS ? parseIdentityKey(c.ALERT_PHONE_KEY_PREVIOUS)! : undefined,
    mercadoPago: c.MERCADOPAGO_ACCESS_TOKEN
      ? {
          accessToken: c.MERCADOPAGO_ACCESS_TOKEN,
          webhookSecret: c.MERCADOPAGO_WEBHOOK_SECRET!,
          apiUrl: c.MERCADOPAGO_API_URL.replace(/\/$/, ''),
        }
      : undefined,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT?.replace(/\/$/, ''),
          region: c.S3_REGION ?? 'us-east-1',
          credentials: c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY! } : undefined,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    mediaPublicUrl: c.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    redisUrl: c.REDIS_URL,
    vapidKeys: c.VAPID_PUBLIC_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY! } : undefined,
    vapidSubject: c.VAPID_SUBJECT ?? defaultVapidSubject(c.PUBLIC_ORIGIN, c.MAIL_FROM),
    pushServiceHosts: c.PUSH_SERVICE_HOSTS ? parsePushServiceHosts(c.PUSH_SERVICE_HOSTS)! : DEFAULT_PUSH_SERVICE_HOSTS,
  };
}

/**
 * In production, the operator's identity settings the footer lacks (Argentine consumer law asks for all three): one
 * line naming them, or null. Only a warning: the site works without them, and a start should not wait on paperwork.
 */
export function operatorWarning(config: Pick<Config, 'env' | 'operator'>): string | null {
  if (config.env !== 'production') return null;
  const missing = missingOperatorSettings(config.operator);
  if (!missing.length) return null;
  return `Warning: the footer does not show all that Argentine consumer law asks of the site's operator (razón social, CUIT, domicilio): set ${missing.join(', ')}, also when building the site (docs/decisions/062-operator-identity.md).`;
}
