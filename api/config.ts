// The environment, read once and validated. A wrong value stops the start with one line saying what to fix.
import path from 'node:path';
import { z } from 'zod';
import { parseIdentityKey } from './services/identity-vault.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl,
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .refine((v) => v === undefined || new URL(v).origin === v.replace(/\/$/, ''), { message: 'must be an origin like https://velada.com.ar' }),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^smtps?:\/\/./.test(v), { message: 'must be smtp://user:password@host:port or smtps://...' }),
  MAIL_FROM: z.string().min(3).default('Velada <no-responder@velada.com.ar>'),
  IDENTITY_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseIdentityKey(v) !== null, { message: 'must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)' }),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(10).optional(),
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Without it, mail goes to DATA_DIR/outbox (api/services/mail.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** AES-256 key for identity documents; main.ts makes a local one when unset outside production. */
  identityKey: Buffer | undefined;
  /** MercadoPago Checkout Pro, offered only when configured (api/payments/mercadopago.ts). */
  mercadoPago: { accessToken: string; webhookSecret: string; apiUrl: string } | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}.`);
  }
  const c = parsed.data;
  // Notifications that cannot be verified must not be trusted: the token comes with its webhook secret.
  if (c.MERCADOPAGO_ACCESS_TOKEN && !c.MERCADOPAGO_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: MERCADOPAGO_WEBHOOK_SECRET is required with MERCADOPAGO_ACCESS_TOKEN (the secret of your webhook in MercadoPago).');
  }
  // MercadoPago sends buyers back, and its notifications, to the public address: it must be known.
  if (c.MERCADOPAGO_ACCESS_TOKEN && !c.PUBLIC_ORIGIN) {
    throw new ConfigError('Invalid configuration: PUBLIC_ORIGIN is required with MERCADOPAGO_ACCESS_TOKEN (MercadoPago returns buyers and notifications there).');
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL || undefined,
    publicOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    adminPassword: c.ADMIN_PASSWORD,
    seedDemo: c.SEED_DEMO,
    trustProxy: c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    identityKey: c.IDENTITY_KEY ? parseIdentityKey(c.IDENTITY_KEY)! : undefined,
    mercadoPago: c.MERCADOPAGO_ACCESS_TOKEN
      ? { accessToken: c.MERCADOPAGO_ACCESS_TOKEN, webhookSecret: c.MERCADOPAGO_WEBHOOK_SECRET!, apiUrl: c.MERCADOPAGO_API_URL.replace(/\/$/, '') }
      : undefined,
  };
}
