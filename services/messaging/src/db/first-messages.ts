import type { Knex } from '@vnmarket/shared';

/** Whether either side has written in this conversation: a message to it then opens nothing new. */
export async function conversationStarted(db: Knex, conversationId: string): Promise<boolean> {
  return (await db('messages').where({ conversation_id: conversationId }).first(db.raw('1 as found'))) !== undefined;
}
