/** What a benchmark's data starts from: its own database, dropped and recreated, and registered users. */
import { createDb, type Knex } from '@vnmarket/shared';
import { LOCALHOST } from './settings';

/** Runs `work` on the server's postgres database with the name of the benchmark's own database (callers make sure it says "bench"). */
async function withAdmin(databaseUrl: string, work: (admin: Knex, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = createDb(adminUrl.toString(), 'public', 1);
  try {
    await work(admin, name);
  } finally {
    await admin.destroy();
  }
}

/** Drops and recreates the benchmark's own database. */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  await withAdmin(databaseUrl, async (admin, name) => {
    await admin.raw('drop database if exists ?? with (force)', [name]);
    await admin.raw('create database ??', [name]);
  });
}

/** Drops the benchmark's own database (a run's cleanup). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withAdmin(databaseUrl, async (admin, name) => {
    await admin.raw('drop database if exists ?? with (force)', [name]);
  });
}

/** POST /api/register on auth: a new user's id and its vnm_session cookie; throws with auth's answer otherwise. */
export async function registerUser(
  authPort: number,
  user: { firstName: string; lastName: string; phone: string },
  what = 'registration',
): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`http://${LOCALHOST}:${authPort}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, password: 'bench-password-1' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: unknown };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('vnm_session='));
  if (response.status !== 201 || !cookie || typeof body.id !== 'string') {
    throw new Error(`${what} answered ${response.status} ${JSON.stringify(body).slice(0, 300)} without a session cookie`);
  }
  return { id: body.id, cookie };
}
