import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseConfigSchema, ConfigError, loadConfig } from '@vnmarket/shared';
import { generateSigningKeys } from '@vnmarket/testkit/core';
import { z } from 'zod';

const { publicKey } = generateSigningKeys();

it('applies defaults for the local servers', () => {
  const config = loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: publicKey });
  expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/vnmarket');
  expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
  expect(config.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672');
  expect(config.PUBLIC_ORIGINS).toEqual(['http://localhost:8080']);
});

it('lists every bad variable at once', () => {
  let error: unknown;
  try {
    loadConfig(baseConfigSchema, { DATABASE_URL: 'not a url', TRUST_PROXY_HOPS: 'many', LOG_LEVEL: 'loud' });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const message = (error as Error).message;
  for (const name of ['DATABASE_URL', 'TRUST_PROXY_HOPS', 'LOG_LEVEL', 'JWT_PUBLIC_KEY']) expect(message).toContain(name);
});

it('reads NAME_FILE for variables the schema knows, and only those', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
  const keyFile = path.join(dir, 'public.pem');
  writeFileSync(keyFile, publicKey);
  const config = loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY_FILE: keyFile, UNRELATED_FILE: '/does/not/exist' });
  expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
  expect(() => loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(/JWT_PUBLIC_KEY_FILE: cannot read/);
});

it('accepts a PEM passed on one line with \\n escapes', () => {
  const config = loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n') });
  expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
});

it('drops the line break ending a one-line secret file, and keeps a PEM as written', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
  const urlFile = path.join(dir, 'redis-url');
  writeFileSync(urlFile, 'redis://:s3cret@10.0.0.5:6379\n');
  const keyFile = path.join(dir, 'public.pem');
  writeFileSync(keyFile, publicKey);
  const config = loadConfig(baseConfigSchema.extend({ TOKEN: z.string() }), { TOKEN_FILE: urlFile, JWT_PUBLIC_KEY_FILE: keyFile });
  expect(config.TOKEN).toBe('redis://:s3cret@10.0.0.5:6379');
  expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
});

it('reads an empty variable as unset: its default, or "required", never an empty string or a port 0', () => {
  const config = loadConfig(baseConfigSchema.extend({ PORT: z.coerce.number().int().min(0).default(4001) }), {
    JWT_PUBLIC_KEY: publicKey,
    PORT: '',
    METRICS_PORT: ' ',
    LOG_LEVEL: '',
  });
  expect(config.PORT).toBe(4001);
  expect(config.METRICS_PORT).toBe(9464);
  expect(config.LOG_LEVEL).toBe(loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: publicKey }).LOG_LEVEL);
  expect(() => loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: '' })).toThrow(/JWT_PUBLIC_KEY/);
});

it('refuses to start in production without PUBLIC_ORIGINS, whose default is for development, and says what to set', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: publicKey, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };
  expect(problems({ NODE_ENV: 'production' })).toEqual([expect.stringMatching(/^PUBLIC_ORIGINS: is required in production: the site's own URL first/)]);
  // Set empty (a chart rendering `PUBLIC_ORIGINS=`) is unset.
  expect(problems({ NODE_ENV: 'production', PUBLIC_ORIGINS: ' ' })).toHaveLength(1);
  expect(
    loadConfig(baseConfigSchema, { JWT_PUBLIC_KEY: publicKey, NODE_ENV: 'production', PUBLIC_ORIGINS: 'https://market.example.org' }).PUBLIC_ORIGINS,
  ).toEqual(['https://market.example.org']);
  // Elsewhere the development default stands, and a schema that does not read it does not ask for it.
  expect(problems({ NODE_ENV: 'development' })).toEqual([]);
  expect(() => loadConfig(z.object({ NODE_ENV: z.string() }), { NODE_ENV: 'production' })).not.toThrow();
});
