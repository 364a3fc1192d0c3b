import type { Knex } from '@vnmarket/shared';

const pair = (one: string, other: string) => (one < other ? { user_a: one, user_b: other } : { user_a: other, user_b: one });

export interface ConversationPair {
  senderId: string;
  receiverId: string;
}

/**
 * Records conversation pairs in one statement, outside any transaction: inserting a pair that is there
 * already changes nothing, so a redelivered event needs no processed_events row. A pair whose users are
 * not both here (an account deleted while the event waited in the queue) is left out, so no pair
 * outlives its account.
 */
export async function recordConversations(db: Knex, pairs: ConversationPair[]): Promise<void> {
  const rows = pairs.filter(({ senderId, receiverId }) => senderId !== receiverId).map(({ senderId, receiverId }) => pair(senderId, receiverId));
  if (rows.length === 0) return;
  await db.raw(
    `insert into conversation_partners (user_a, user_b)
     select p.user_a, p.user_b from unnest(?::uuid[], ?::uuid[]) as p(user_a, user_b)
     where exists (select 1 from users where id = p.user_a) and exists (select 1 from users where id = p.user_b)
     on conflict (user_a, user_b) do nothing`,
    [rows.map((row) => row.user_a), rows.map((row) => row.user_b)],
  );
}

export async function haveConversed(db: Knex, one: string, other: string): Promise<boolean> {
  return (await db('conversation_partners').where(pair(one, other)).first('user_a')) !== undefined;
}

export async function forgetConversationsOf(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('conversation_partners').where({ user_a: userId }).orWhere({ user_b: userId }).delete();
}
