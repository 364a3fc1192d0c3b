/**
 * Each service, real and in this process, on its own test environment or on a shared one (services on
 * one environment share its database, key prefix and exchange, so their events reach each other).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServiceName } from '@vnmarket/proto';
import { uniqueId, type TestEnvironment } from './environment';
import { startTestService, type RunningService } from './service';
import { migrations as authMigrations } from '@vnmarket/auth/migrations';
import { createAuthService, type AuthService } from '@vnmarket/auth/app';
import { AUTH_SCHEMA, authConfigSchema, type AuthConfig } from '@vnmarket/auth/config';
import { migrations as listingsMigrations } from '@vnmarket/listings/migrations';
import { createListingsService, type ListingsService } from '@vnmarket/listings/app';
import { LISTINGS_SCHEMA, listingsConfigSchema, type ListingsConfig } from '@vnmarket/listings/config';
import { migrations as mediaMigrations } from '@vnmarket/media/migrations';
import { createMediaService, type MediaService } from '@vnmarket/media/app';
import { MEDIA_SCHEMA, mediaConfigSchema, type MediaConfig } from '@vnmarket/media/config';
import { migrations as messagingMigrations } from '@vnmarket/messaging/migrations';
import { createMessagingService, type MessagingService } from '@vnmarket/messaging/app';
import { MESSAGING_SCHEMA, messagingConfigSchema, type MessagingConfig } from '@vnmarket/messaging/config';
import { migrations as verificationMigrations } from '@vnmarket/verification/migrations';
import { createVerificationService, type VerificationService } from '@vnmarket/verification/app';
import { VERIFICATION_SCHEMA, verificationConfigSchema, type VerificationConfig } from '@vnmarket/verification/config';

/** What startTestService needs to know of each service: its name, schema, config, migrations and factory. */
const AUTH = { name: 'auth', schema: AUTH_SCHEMA, configSchema: authConfigSchema, migrations: authMigrations, create: createAuthService };
const LISTINGS = {
  name: 'listings',
  schema: LISTINGS_SCHEMA,
  configSchema: listingsConfigSchema,
  migrations: listingsMigrations,
  create: createListingsService,
};
const MESSAGING = {
  name: 'messaging',
  schema: MESSAGING_SCHEMA,
  configSchema: messagingConfigSchema,
  migrations: messagingMigrations,
  create: createMessagingService,
};
const MEDIA = { name: 'media', schema: MEDIA_SCHEMA, configSchema: mediaConfigSchema, migrations: mediaMigrations, create: createMediaService };

export type RunningAuth = RunningService<AuthConfig, AuthService>;
export type RunningListings = RunningService<ListingsConfig, ListingsService>;
export type RunningMessaging = RunningService<MessagingConfig, MessagingService>;
type RunningMedia = RunningService<MediaConfig, MediaService>;
export type RunningVerification = RunningService<VerificationConfig, VerificationService>;

/** The real auth service, in this process, on its own (or a shared) test environment. */
export function startAuth(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningAuth> {
  return startTestService({
    ...AUTH,
    label,
    environment,
    // Cheaper hashing keeps the suite fast; production cost is the config default.
    overrides: { ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1', REGISTER_MAX_PER_IP_PER_HOUR: '10000', ...overrides },
  });
}

export function startListings(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningListings> {
  return startTestService({
    ...LISTINGS,
    label,
    environment,
    // Tests read right after they write, and post, report and reveal more than a member would in a day: the
    // coalescing of cache emptyings and the per-member limits have tests of their own that set them.
    overrides: {
      BROWSE_CACHE_COALESCE_MS: '0',
      LISTINGS_MAX_PER_MEMBER_PER_DAY: '100000',
      REPORTS_MAX_PER_MEMBER_PER_DAY: '100000',
      PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY: '100000',
      ...overrides,
    },
  });
}

export function startMessaging(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningMessaging> {
  return startTestService({
    ...MESSAGING,
    label,
    environment,
    // As for sign-ups: tests open more conversations than a member may in an hour (the limit has its own test).
    overrides: { FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: '100000', ...overrides },
  });
}

/** Media on its own temporary MEDIA_ROOT (or S3 settings passed in overrides). */
function startMedia(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningMedia> {
  overrides = { MEDIA_ROOT: mkdtempSync(path.join(os.tmpdir(), 'media-')), ...overrides };
  return startTestService({ ...MEDIA, label, environment, overrides });
}

/**
 * The real verification service in this process. Unless told otherwise, its SMS go to an outbox file of
 * its own in a fresh temporary folder (removed on stop), so test files never read each other's codes.
 */
export async function startVerification(
  label: string,
  overrides: Record<string, string> = {},
  environment?: TestEnvironment,
  options: { clock?: () => Date } = {},
): Promise<RunningVerification> {
  const folder = path.join(os.tmpdir(), `vnm-sms-${uniqueId(label)}`);
  const running = await startTestService({
    name: 'verification',
    schema: VERIFICATION_SCHEMA,
    configSchema: verificationConfigSchema,
    migrations: verificationMigrations,
    create: (deps) => createVerificationService({ ...deps, clock: options.clock }),
    label,
    environment,
    overrides: { SMS_OUTBOX: path.join(folder, 'outbox', 'sms-outbox.jsonl'), ...overrides },
  });
  const stop = running.stop;
  return Object.assign(running, {
    async stop() {
      await stop();
      await rm(folder, { recursive: true, force: true });
    },
  });
}

export interface RunningServices {
  auth: RunningAuth;
  listings: RunningListings;
  messaging: RunningMessaging;
  media: RunningMedia;
  verification: RunningVerification;
}

/** Every service's starter, by name: what startStack({ only: [...] }) starts. */
export const STARTERS: {
  [K in ServiceName]: (label: string, overrides: Record<string, string> | undefined, environment: TestEnvironment) => Promise<RunningServices[K]>;
} = {
  auth: startAuth,
  listings: startListings,
  messaging: startMessaging,
  media: startMedia,
  verification: startVerification,
};
