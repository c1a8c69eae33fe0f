import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://velada.com.ar',
      SMTP_URL: 'smtp://mail:587',
      IDENTITY_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, host: '127.0.0.1', siteOrigin: 'https://velada.com.ar' });
    expect(loadConfig({ ...production, SEED_DEMO: 'true', HOST: '0.0.0.0' })).toMatchObject({ seedDemo: true, host: '0.0.0.0' });
    expect(loadConfig({})).toMatchObject({ seedDemo: true, host: '0.0.0.0', siteOrigin: 'http://localhost:3000' });
  });

  it('trusts forwarded headers only from the listed proxies', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxies).toEqual(['127.0.0.1/8', '::1/128']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustedProxies).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.local'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
