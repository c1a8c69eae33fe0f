// The environment, read once and validated. A wrong value stops the start with one line saying what to fix.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseIdentityKey } from './services/identity-vault.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from './services/push-endpoints.ts';
import type { S3Settings } from './services/object-store/s3-store.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const databaseUrl = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === '' || isValidDatabaseUrl(value), {
    message: 'must be postgres://user@host:port/database or sqlite:path/to/file.sqlite',
  });

export function isValidDatabaseUrl(value: string): boolean {
  if (value.startsWith('sqlite:')) return value.length > 'sqlite:'.length;
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' && url.pathname.length > 1;
  } catch {
    return false;
  }
}

const identityKey = z
  .string()
  .optional()
  .refine((v) => v === undefined || parseIdentityKey(v) !== null, {
    message: 'must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)',
  });

function isValidRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl,
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .refine((v) => v === undefined || new URL(v).origin === v.replace(/\/$/, ''), {
      message: 'must be an origin like https://velada.com.ar',
    }),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => trustedProxies(v) !== null, {
      message: 'must be false, true (a proxy on this machine) or a comma-separated list of addresses or CIDR ranges',
    }),
  IPV6_SOURCE_PREFIX: z.coerce
    .number()
    .int()
    .refine((v) => v === 64 || v === 56, { message: 'must be 64 or 56 (the IPv6 prefix that counts as one source)' })
    .default(64),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^smtps?:\/\/./.test(v), { message: 'must be smtp://user:password@host:port or smtps://...' }),
  MAIL_FROM: z.string().min(3).default('Velada <no-responder@velada.com.ar>'),
  STAFF_ALERT_EMAIL: z.string().trim().max(254).pipe(z.email()).optional(),
  IDENTITY_KEY: identityKey,
  /** The key being rotated out: documents it sealed stay readable until `npm run identity:rekey` seals them again. */
  IDENTITY_KEY_PREVIOUS: identityKey,
  /** The key of safety-alert numbers (decision 046); same format, never kept in the database. */
  ALERT_PHONE_KEY: identityKey,
  /** Read only by `npm run alerts:rekey`: the key being rotated out. */
  ALERT_PHONE_KEY_PREVIOUS: identityKey,
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(10).optional(),
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens' })
    .optional(),
  S3_ENDPOINT: z
    .url()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/.test(v), {
      message: "must be the store's address, like https://s3.example.com",
    }),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { message: 'must be a region name like us-east-1' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  MEDIA_PUBLIC_URL: z
    .url()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^?#]+$/.test(v), {
      message: 'must be the public address of the ad photos, like https://media.velada.com.ar/ads (no ? or #)',
    }),
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || isValidRedisUrl(v), {
      message: 'must be redis://host:6379 (rediss:// for TLS; user:password@ if needed)',
    }),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'must be a P-256 public key in URL-safe base64 (npx web-push generate-vapid-keys)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key in URL-safe base64 (npx web-push generate-vapid-keys)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'must be mailto:someone@example.com or an https:// address' })
    .optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .refine((v) => parsePushServiceHosts(v) !== null, {
      message: 'must be host names or *.wildcards separated by commas, like fcm.googleapis.com,*.push.apple.com',
    })
    .optional(),
});

/** The settings that only mean something with S3_BUCKET. */
const S3_EXTRAS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** Proxy addresses whose X-Forwarded-* headers are believed; null when the value is not understood. */
export function trustedProxies(value: string): string[] | null {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(v)) return [];
  if (['true', '1', 'yes'].includes(v)) return ['127.0.0.1/8', '::1/128'];
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    if (!family || extra !== undefined) return null;
    if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))) return null;
  }
  return entries;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string | undefined;
  /** Where links in mail and payment redirects point: PUBLIC_ORIGIN, or this machine outside production. */
  siteOrigin: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}.`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  // Production must not guess: links in mail would follow the request's Host, mail would go to a folder, and
  // identity documents would be sealed with a key kept beside them.
  if (production) {
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
  if (production && c.MEDIA_PUBLIC_URL?.startsWith('http:'))
    throw new ConfigError('Invalid configuration: MEDIA_PUBLIC_URL must be an https:// address in production.');
  // Half a key pair would sign with a key the browsers were never given.
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys).');
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    // In production the server sits behind a proxy on this machine: it listens on loopback unless told otherwise.
    host: c.HOST ?? (production ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL || undefined,
    publicOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    siteOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? `http://localhost:${c.PORT}`,
    adminPassword: c.ADMIN_PASSWORD,
    // Demo data (and its partner admin) only where asked for in production.
    seedDemo: c.SEED_DEMO ?? !production,
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
