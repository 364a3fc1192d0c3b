import type { Knex } from '@vnmarket/shared';

const pair = (one: string, other: string) => (one < other ? { user_a: one, user_b: other } : { user_a: other, user_b: one });

export async function recordConversation(trx: Knex.Transaction, one: string, other: string): Promise<void> {
  if (one === other) return;
  await trx('conversation_partners').insert(pair(one, other)).onConflict(['user_a', 'user_b']).ignore();
}

export async function haveConversed(db: Knex, one: string, other: string): Promise<boolean> {
  return (await db('conversation_partners').where(pair(one, other)).first('user_a')) !== undefined;
}

export async function forgetConversationsOf(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('conversation_partners').where({ user_a: userId }).orWhere({ user_b: userId }).delete();
}
