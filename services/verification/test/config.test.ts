import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@vnmarket/shared';
import { generateSigningKeys } from '@vnmarket/testkit';
import { verificationConfigSchema } from '../src/config';

const { publicKey } = generateSigningKeys();
const SECRET = 'a-long-random-production-secret-0123456789';
// PUBLIC_ORIGINS is required in production too (shared config); given here, so each test sees its own problems.
const load = (env: Record<string, string>) =>
  loadConfig(verificationConfigSchema, { JWT_PUBLIC_KEY: publicKey, PUBLIC_ORIGINS: 'https://market.example.org', ...env });
const problems = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('config was accepted');
};

it('has working defaults for development', () => {
  const config = load({});
  expect(config).toMatchObject({
    PORT: 4005,
    SMS_PROVIDER: 'file',
    SMS_OUTBOX: 'var/sms-outbox.jsonl',
    VERIFICATION_SEND_INTERVAL_SECONDS: 60,
    VERIFICATION_MAX_PER_USER_PER_HOUR: 5,
    VERIFICATION_MAX_PER_PHONE_PER_HOUR: 5,
    VERIFICATION_MAX_PER_IP_PER_HOUR: 20,
  });
  expect(config.VERIFICATION_CODE_SECRET.length).toBeGreaterThanOrEqual(32);
});

it('requires VERIFICATION_CODE_SECRET in production, with a clear message', () => {
  expect(problems({ NODE_ENV: 'production' })).toEqual([
    'VERIFICATION_CODE_SECRET: is required in production (a random string of at least 32 characters, or a path in VERIFICATION_CODE_SECRET_FILE)',
  ]);
  expect(problems({ NODE_ENV: 'production', VERIFICATION_CODE_SECRET: '' })).toHaveLength(1);
  expect(problems({ NODE_ENV: 'production', VERIFICATION_CODE_SECRET: 'short' })).toEqual(['VERIFICATION_CODE_SECRET: must be at least 32 characters']);
  expect(load({ NODE_ENV: 'production', VERIFICATION_CODE_SECRET: SECRET }).VERIFICATION_CODE_SECRET).toBe(SECRET);
});

it('reads the secret from VERIFICATION_CODE_SECRET_FILE', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vnm-secret-'));
  try {
    const file = path.join(folder, 'secret');
    await writeFile(file, SECRET);
    expect(load({ NODE_ENV: 'production', VERIFICATION_CODE_SECRET_FILE: file }).VERIFICATION_CODE_SECRET).toBe(SECRET);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

it('fails fast when SMS_PROVIDER=twilio lacks its settings, listing every one', () => {
  expect(problems({ SMS_PROVIDER: 'twilio' })).toEqual([
    'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio',
    'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio',
    'TWILIO_FROM_NUMBER: TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio',
  ]);
  expect(problems({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '408-555-0100' })).toEqual([
    'TWILIO_ACCOUNT_SID: must start with AC',
    'TWILIO_FROM_NUMBER: must be an E.164 number such as +14085550123',
  ]);
  // Lists the secret too, and the missing JWT key, in one go.
  expect(problems({ SMS_PROVIDER: 'twilio', NODE_ENV: 'production', JWT_PUBLIC_KEY: '' })).toHaveLength(5);
});

it('accepts twilio with a from number or a messaging service, and an emulator base URL', () => {
  const base = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'token' };
  expect(load({ ...base, TWILIO_FROM_NUMBER: '+14085550100' }).TWILIO_FROM_NUMBER).toBe('+14085550100');
  // An empty variable (a chart or compose file's `NAME=`) is unset.
  const byService = load({ ...base, TWILIO_MESSAGING_SERVICE_SID: 'MG123', TWILIO_FROM_NUMBER: '' });
  expect(byService.TWILIO_MESSAGING_SERVICE_SID).toBe('MG123');
  expect(byService.TWILIO_FROM_NUMBER).toBeUndefined();
  expect(load({ ...base, TWILIO_FROM_NUMBER: '+14085550100', TWILIO_API_BASE_URL: 'http://127.0.0.1:4010' }).TWILIO_API_BASE_URL).toBe('http://127.0.0.1:4010');
  expect(problems({ ...base, TWILIO_FROM_NUMBER: '+14085550100', TWILIO_API_BASE_URL: 'not a url' })).toEqual([
    expect.stringMatching(/^TWILIO_API_BASE_URL: /),
  ]);
});

it('refuses rate limits below one', () => {
  expect(problems({ VERIFICATION_MAX_PER_IP_PER_HOUR: '0', VERIFICATION_SEND_INTERVAL_SECONDS: 'soon' })).toHaveLength(2);
});
