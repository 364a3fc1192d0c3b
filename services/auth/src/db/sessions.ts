import type { Knex } from '@vnmarket/shared';

export interface SessionRow {
  sid: string;
  sess: { userId: string; ip?: string; userAgent?: string; createdAt: string };
  expire: Date;
  user_id: string;
}

export async function insertSession(db: Knex, row: SessionRow): Promise<void> {
  await db('sessions').insert(row);
}

export async function deleteSession(db: Knex, sid: string): Promise<void> {
  await db('sessions').where({ sid }).delete();
}

export async function sessionIdsOfUser(db: Knex, userId: string): Promise<string[]> {
  return db('sessions').where({ user_id: userId }).pluck('sid');
}

export async function isSessionOpen(db: Knex, sid: string, now: Date): Promise<boolean> {
  return (await db('sessions').where({ sid }).andWhere('expire', '>', now).first('sid')) !== undefined;
}

export function liveSessions(db: Knex, now: Date): Promise<Pick<SessionRow, 'sid' | 'user_id' | 'expire'>[]> {
  return db('sessions').select('sid', 'user_id', 'expire').where('expire', '>', now);
}

export async function deleteExpiredSessions(db: Knex, now: Date): Promise<number> {
  return db('sessions').where('expire', '<=', now).delete();
}
