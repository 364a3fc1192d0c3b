import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestService, TestClient, uniqueId, type RunningService, type TestEnvironment } from '@vnmarket/shared/testing';
import { migrations } from '../migrations';
import { createVerificationService, type VerificationService } from '../src/app';
import { VERIFICATION_SCHEMA, verificationConfigSchema, type VerificationConfig } from '../src/config';

export type RunningVerification = RunningService<VerificationConfig, VerificationService>;

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
    migrations,
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

export interface SentSms {
  to: string;
  body: string;
  sentAt: string;
}

/** Every SMS the file provider wrote, oldest first (none yet: empty). */
export async function readOutbox(file: string): Promise<SentSms[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentSms);
}

/** The code in the newest SMS to a number, as a person would read it off their phone. */
export async function lastCodeSentTo(file: string, phone: string): Promise<string> {
  const sent = (await readOutbox(file)).filter((sms) => sms.to === phone);
  const code = sent.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** The E.164 form auth stores (and verification sends to) for a ten-digit test number. */
export const e164 = (tenDigits: string) => `+1${tenDigits}`;

/** A client straight to one service, signed in with another client's cookies (the same session). */
export function sameSession(baseUrl: string, signedIn: TestClient): TestClient {
  const client = new TestClient(baseUrl);
  for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
  return client;
}

/** A code that is not `code` (for wrong guesses). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
