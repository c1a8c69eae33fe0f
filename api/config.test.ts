import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, operatorWarning } from './config.ts';

/** What production requires: every required setting set. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://velada.com.ar',
  SMTP_URL: 'smtp://mail:587',
  IDENTITY_KEY: 'a'.repeat(64),
  ALERT_PHONE_KEY: 'c'.repeat(64),
};

describe('loadConfig', () => {
  it('has defaults that work on a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, env: 'development' });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('accepts PostgreSQL and SQLite URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://velada@db:5432/velada' }).databaseUrl).toBe('postgres://velada@db:5432/velada');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/velada.sqlite' }).databaseUrl).toBe('sqlite:/var/lib/velada.sqlite');
  });

  it('stops with a one-line explanation for a malformed DATABASE_URL', () => {
    for (const url of ['mysql://x/y', 'postgres://', 'not a url', 'sqlite:']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (err) {
        expect((err as Error).message).toMatch(/^Invalid configuration: DATABASE_URL must be postgres:\/\/.*\.$/);
        expect((err as Error).message).not.toContain('\n');
      }
    }
  });

  it('takes REDIS_URL for the rate limits, unset by default, and refuses anything but redis:// or rediss://', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:secreto@cache.interna:6380/2' }).redisUrl).toBe('rediss://:secreto@cache.interna:6380/2');
    for (const url of ['127.0.0.1:6379', 'http://cache:6379', 'redis://']) {
      expect(() => loadConfig({ REDIS_URL: url })).toThrow(/^Invalid configuration: REDIS_URL must be redis:\/\/host:6379/);
    }
  });

  it('refuses a short ADMIN_PASSWORD and a PUBLIC_ORIGIN with a path', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://velada.com.ar/x' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://velada.com.ar/' }).publicOrigin).toBe('https://velada.com.ar');
  });

  it('offers MercadoPago only with its token, its webhook secret and the public origin', () => {
    expect(loadConfig({}).mercadoPago).toBeUndefined();
    const token = 'APP_USR-0000000000-token';
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: token, PUBLIC_ORIGIN: 'https://velada.com.ar' })).toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: token, MERCADOPAGO_WEBHOOK_SECRET: 'secreto-del-webhook' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
    expect(
      loadConfig({
        MERCADOPAGO_ACCESS_TOKEN: token,
        MERCADOPAGO_WEBHOOK_SECRET: 'secreto-del-webhook',
        PUBLIC_ORIGIN: 'https://velada.com.ar',
      }).mercadoPago,
    ).toEqual({
      accessToken: token,
      webhookSecret: 'secreto-del-webhook',
      apiUrl: 'https://api.mercadopago.com',
    });
  });

  it('requires PUBLIC_ORIGIN, SMTP_URL and IDENTITY_KEY in production, where demo data is off and the server listens on loopback', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN.*SMTP_URL.*IDENTITY_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://velada.com.ar', IDENTITY_KEY: 'a'.repeat(64) })).toThrow(
      /SMTP_URL/,
    );
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, host: '127.0.0.1', siteOrigin: 'https://velada.com.ar' });
    // The key of safety-alert numbers too: outside production it would be made in DATA_DIR (decision 046).
    expect(() => loadConfig({ ...production, ALERT_PHONE_KEY: undefined })).toThrow(/requires ALERT_PHONE_KEY/);
    expect(loadConfig({ ...production, SEED_DEMO: 'true', HOST: '0.0.0.0' })).toMatchObject({ seedDemo: true, host: '0.0.0.0' });
    expect(loadConfig({})).toMatchObject({ seedDemo: true, host: '0.0.0.0', siteOrigin: 'http://localhost:3000' });
  });

  it('takes IDENTITY_KEY_PREVIOUS (a rotation under way) only beside IDENTITY_KEY, in the same format', () => {
    const config = loadConfig({ IDENTITY_KEY: 'a'.repeat(64), IDENTITY_KEY_PREVIOUS: 'b'.repeat(64) });
    expect(config.previousIdentityKey).toEqual(Buffer.from('b'.repeat(64), 'hex'));
    expect(loadConfig({ IDENTITY_KEY: 'a'.repeat(64) }).previousIdentityKey).toBeUndefined();
    expect(() => loadConfig({ IDENTITY_KEY_PREVIOUS: 'b'.repeat(64) })).toThrow(/IDENTITY_KEY_PREVIOUS is set but IDENTITY_KEY is not/);
    expect(() => loadConfig({ IDENTITY_KEY: 'a'.repeat(64), IDENTITY_KEY_PREVIOUS: 'corta' })).toThrow(
      /IDENTITY_KEY_PREVIOUS must be 32 bytes/,
    );
  });

  it('takes ALERT_PHONE_KEY as 32 bytes, and ALERT_PHONE_KEY_PREVIOUS (for npm run alerts:rekey) only beside it', () => {
    expect(loadConfig({ ALERT_PHONE_KEY: 'c'.repeat(64) }).alertPhoneKey).toEqual(Buffer.from('c'.repeat(64), 'hex'));
    expect(loadConfig({}).alertPhoneKey).toBeUndefined();
    expect(() => loadConfig({ ALERT_PHONE_KEY: 'corta' })).toThrow(/ALERT_PHONE_KEY must be 32 bytes/);
    const rotating = loadConfig({ ALERT_PHONE_KEY: 'c'.repeat(64), ALERT_PHONE_KEY_PREVIOUS: 'd'.repeat(64) });
    expect(rotating.previousAlertPhoneKey).toEqual(Buffer.from('d'.repeat(64), 'hex'));
    expect(() => loadConfig({ ALERT_PHONE_KEY_PREVIOUS: 'd'.repeat(64) })).toThrow(
      /ALERT_PHONE_KEY_PREVIOUS is set but ALERT_PHONE_KEY is not/,
    );
  });

  it('trusts forwarded headers only from the listed proxies', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxies).toEqual(['127.0.0.1/8', '::1/128']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustedProxies).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.local'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('keeps files in DATA_DIR unless S3_BUCKET is set, and refuses half an S3 configuration with a line saying what is missing', () => {
    expect(loadConfig({})).toMatchObject({ s3: undefined, mediaPublicUrl: undefined });
    expect(loadConfig({ S3_BUCKET: 'velada-media' }).s3).toEqual({
      bucket: 'velada-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const minio = {
      S3_BUCKET: 'velada',
      S3_ENDPOINT: 'http://10.0.0.9:9000/',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'clave',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(minio).s3).toEqual({
      bucket: 'velada',
      endpoint: 'http://10.0.0.9:9000',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      forcePathStyle: true,
    });
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const) {
      expect(() => loadConfig({ ...minio, S3_BUCKET: '' }), name).toThrow(/^Invalid configuration: S3_\w+ is set but S3_BUCKET is not/);
    }
    expect(() => loadConfig({ ...minio, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Velada_Media' })).toThrow(/^Invalid configuration: S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'http://minio:9000/velada' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'quizás' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...minio, S3_REGION: 'Sudamérica' })).toThrow(
      /^Invalid configuration: S3_REGION must be a region name like us-east-1\.$/,
    );
  });

  it('takes MEDIA_PUBLIC_URL as an http(s) address without ? or #, https in production', () => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://media.velada.com.ar/ads/' }).mediaPublicUrl).toBe('https://media.velada.com.ar/ads');
    for (const bad of ['media.velada.com.ar', 'ftp://media.velada.com.ar', 'https://media.velada.com.ar/ads?x=1'])
      expect(() => loadConfig({ MEDIA_PUBLIC_URL: bad }), bad).toThrow(/^Invalid configuration: MEDIA_PUBLIC_URL/);
    expect(() => loadConfig({ ...production, MEDIA_PUBLIC_URL: 'http://media.velada.com.ar' })).toThrow(
      /MEDIA_PUBLIC_URL must be an https/,
    );
    expect(loadConfig({ ...production, MEDIA_PUBLIC_URL: 'https://media.velada.com.ar' }).mediaPublicUrl).toBe(
      'https://media.velada.com.ar',
    );
  });

  it("takes the operator's identity for the footer, the CUIT checked by its check digit", () => {
    expect(loadConfig({}).operator).toEqual({});
    const operator = {
      PUBLIC_OPERATOR_NAME: 'Velada S.R.L.',
      PUBLIC_OPERATOR_CUIT: '30123456781',
      PUBLIC_OPERATOR_ADDRESS: 'Av. Corrientes 1234, CABA',
    };
    expect(loadConfig(operator).operator).toEqual({ name: 'Velada S.R.L.', cuit: '30-12345678-1', address: 'Av. Corrientes 1234, CABA' });
    expect(loadConfig({ PUBLIC_OPERATOR_CUIT: '33-69345023-9' }).operator).toEqual({ cuit: '33-69345023-9' });
    for (const bad of ['30-12345678-9', '30.123.456.781', '3012345678', 'veinte']) {
      expect(() => loadConfig({ ...operator, PUBLIC_OPERATOR_CUIT: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...operator, PUBLIC_OPERATOR_CUIT: bad }), bad).toThrow(
        /^Invalid configuration: PUBLIC_OPERATOR_CUIT must be a CUIT of 11 digits, with or without hyphens \(30-12345678-1\).*\(CUIT inválido: revisá los 11 números\)\.$/,
      );
    }
    expect(() => loadConfig({ PUBLIC_OPERATOR_NAME: ' ' })).toThrow(/^Invalid configuration: PUBLIC_OPERATOR_NAME/);
  });
});

describe("the warning about the operator's identity", () => {
  const operator = {
    PUBLIC_OPERATOR_NAME: 'Velada S.R.L.',
    PUBLIC_OPERATOR_CUIT: '30-12345678-1',
    PUBLIC_OPERATOR_ADDRESS: 'Av. Corrientes 1234',
  };

  it('names, in production, the settings that are missing, in one line and without any value', () => {
    const warning = operatorWarning(loadConfig({ ...production, PUBLIC_OPERATOR_NAME: operator.PUBLIC_OPERATOR_NAME }))!;
    expect(warning).toMatch(/^Warning: .*set PUBLIC_OPERATOR_CUIT, PUBLIC_OPERATOR_ADDRESS, also when building the site/);
    expect(warning).not.toContain('PUBLIC_OPERATOR_NAME');
    expect(warning).not.toContain('Velada S.R.L.');
    expect(warning).not.toContain('\n');
    expect(operatorWarning(loadConfig(production))).toMatch(/PUBLIC_OPERATOR_NAME, PUBLIC_OPERATOR_CUIT, PUBLIC_OPERATOR_ADDRESS/);
  });

  it('is nothing in production with all three, and nothing in development or tests', () => {
    expect(operatorWarning(loadConfig({ ...production, ...operator }))).toBeNull();
    expect(operatorWarning(loadConfig({}))).toBeNull();
    expect(operatorWarning(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    expect(operatorWarning(loadConfig({ NODE_ENV: 'development', PUBLIC_OPERATOR_NAME: 'Velada S.R.L.' }))).toBeNull();
  });
});
