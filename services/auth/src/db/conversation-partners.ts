import type { Knex } from '@vnmarket/shared';

const pair = (one: string, other: string) => (one < other ? { user_a: one, user_b: other } : { user_a: other, user_b: one });

/** One message's direction: its sender has written to its receiver. */
export interface ConversationPair {
  senderId: string;
  receiverId: string;
}

/**
 * Records who has written to whom, in one statement, outside any transaction: a direction already
 * recorded changes nothing, so a redelivered event needs no processed_events row. A pair whose users are
 * not both here (an account deleted while the event waited in the queue) is left out, so no pair
 * outlives its account.
 */
export async function recordConversations(db: Knex, directions: ConversationPair[]): Promise<void> {
  // One row per pair (a statement may not update a row twice), each flag the "or" of its directions.
  const rows = new Map<string, { user_a: string; user_b: string; a_wrote: boolean; b_wrote: boolean }>();
  for (const { senderId, receiverId } of directions) {
    if (senderId === receiverId) continue;
    const { user_a, user_b } = pair(senderId, receiverId);
    const key = `${user_a}:${user_b}`;
    const row = rows.get(key) ?? { user_a, user_b, a_wrote: false, b_wrote: false };
    if (senderId === user_a) row.a_wrote = true;
    else row.b_wrote = true;
    rows.set(key, row);
  }
  if (rows.size === 0) return;
  const list = [...rows.values()];
  await db.raw(
    `insert into conversation_partners (user_a, user_b, a_wrote, b_wrote)
     select p.user_a, p.user_b, p.a_wrote, p.b_wrote from unnest(?::uuid[], ?::uuid[], ?::boolean[], ?::boolean[]) as p(user_a, user_b, a_wrote, b_wrote)
     where exists (select 1 from users where id = p.user_a) and exists (select 1 from users where id = p.user_b)
     on conflict (user_a, user_b) do update
       set a_wrote = conversation_partners.a_wrote or excluded.a_wrote, b_wrote = conversation_partners.b_wrote or excluded.b_wrote
       where (excluded.a_wrote and not conversation_partners.a_wrote) or (excluded.b_wrote and not conversation_partners.b_wrote)`,
    [list.map((row) => row.user_a), list.map((row) => row.user_b), list.map((row) => row.a_wrote), list.map((row) => row.b_wrote)],
  );
}

/** Who of the two has written to the other: `wrote` (one to other) and `replied` (other to one). */
export async function conversationBetween(db: Knex, one: string, other: string): Promise<{ wrote: boolean; replied: boolean }> {
  const row: { a_wrote: boolean; b_wrote: boolean } | undefined = await db('conversation_partners').where(pair(one, other)).first('a_wrote', 'b_wrote');
  if (!row) return { wrote: false, replied: false };
  return one < other ? { wrote: row.a_wrote, replied: row.b_wrote } : { wrote: row.b_wrote, replied: row.a_wrote };
}

export async function forgetConversationsOf(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('conversation_partners').where({ user_a: userId }).orWhere({ user_b: userId }).delete();
}
