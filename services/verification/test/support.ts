import { readFile } from 'node:fs/promises';
import { TestClient } from '@vnmarket/testkit';

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

/** A client straight to one service, signed in with another client's cookies (the same session). */
export function sameSession(baseUrl: string, signedIn: TestClient): TestClient {
  const client = new TestClient(baseUrl);
  for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
  return client;
}

/** A code that is not `code` (for wrong guesses). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
