/** The operator's moderator command, run as an operator runs it, against a test stack's auth database. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { RunningAuth } from './services';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');

/** `npm run grant-moderator -w services/auth -- <phone>` (or revoke); resolves with what it printed. */
export async function moderatorCommand(auth: RunningAuth, change: 'grant' | 'revoke', phone: string): Promise<string> {
  const { stdout } = await run(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'services/auth/src/moderators.ts'), change, phone], {
    env: { ...process.env, DATABASE_URL: auth.config.DATABASE_URL },
  });
  return stdout;
}
