/** The benchmark's users: registered on auth, then known to messaging through user.registered events. */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createDb } from '@vnmarket/shared';
import { sleep } from '../lib/settings';
import { registerUser } from '../lib/seed';
import { mapLimit } from './map-limit';
import { settings } from './settings';
import type { ChatSocket } from './sockets';

export interface BenchUser {
  index: number;
  id: string;
  cookie: string;
  /** By slot (see SLOT): undefined until that socket is opened. */
  sockets: (ChatSocket | undefined)[];
}

/** Every user of the run, by index. */
export const users: BenchUser[] = [];

/** Registers BENCH_USERS users, BENCH_CONCURRENCY at a time; returns seconds taken. */
export async function registerUsers(): Promise<number> {
  const started = performance.now();
  const base = randomInt(0, 1000) * 1000;
  const registered = await mapLimit(
    Array.from({ length: settings.users }, (_v, i) => i),
    settings.concurrency,
    async (i) => {
      const phone = `415${String(base * 10 + i)
        .padStart(7, '0')
        .slice(-7)}`;
      const { id, cookie } = await registerUser(settings.ports.auth, { firstName: `Bench${i}`, lastName: 'Nguyễn', phone }, `registering user ${i}`);
      return { index: i, id, cookie, sockets: [] } satisfies BenchUser;
    },
  );
  users.push(...registered);
  return (performance.now() - started) / 1000;
}

/** Waits until messaging's read copy holds every registered user (user.registered consumed); returns seconds. */
export async function waitForReadCopies(): Promise<number> {
  const started = performance.now();
  const db = createDb(settings.databaseUrl, 'messaging', 1);
  const ids = users.map((user) => user.id);
  try {
    for (;;) {
      const row = await db('users').whereIn('id', ids).count<{ count: number }[]>({ count: '*' }).first();
      const known = Number(row?.count ?? 0);
      if (known === ids.length) return (performance.now() - started) / 1000;
      if (performance.now() - started > 60_000)
        throw new Error(`messaging knows only ${known} of ${ids.length} users after 60 s (user.registered not consumed?)`);
      await sleep(200);
    }
  } finally {
    await db.destroy();
  }
}
