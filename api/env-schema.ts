// The environment variables the server reads, each validated on its own; api/config.ts checks them together and
// builds the configuration from them.
import net from 'node:net';
import { z } from 'zod';
import { parseIdentityKey } from './services/identity-vault.ts';
import { parsePushServiceHosts } from './services/push-endpoints.ts';
import { CUIT_MESSAGE, cuitDigits } from '#shared/operator-identity.ts';

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

export const envSchema = z.object({
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
  /** The operator the footer names (docs/decisions/062-operator-identity.md); read when building the site too. */
  PUBLIC_OPERATOR_NAME: z.string().trim().min(2).max(200).optional(),
  PUBLIC_OPERATOR_CUIT: z
    .string()
    .refine((v) => cuitDigits(v) !== null, { message: CUIT_MESSAGE })
    .optional(),
  PUBLIC_OPERATOR_ADDRESS: z.string().trim().min(5).max(300).optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_DEMO: booleanFlag.optional(),
  /** Staff usernames that may reach the panel without a second step, outside production only (decision 069). */
  STAFF_WITHOUT_SECOND_STEP: z
    .string()
    .refine((v) => v.split(',').every((name) => /^[a-z0-9_.-]{1,64}$/i.test(name.trim())), {
      message: 'must be a comma-separated list of staff usernames',
    })
    .optional(),
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

export type Settings = z.infer<typeof envSchema>;

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
