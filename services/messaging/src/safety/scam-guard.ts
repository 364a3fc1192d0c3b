import type { MessageWarning } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { scamKinds } from './scam-rules';

/**
 * The warning a message is stored with, decided once when it is written (./scam-rules.ts says what
 * each kind means). Contact details count only in a message to a stranger: one the sender writes before
 * the receiver has written anything in their conversation (the first message, and any further one while
 * the receiver has not answered). Once the receiver has written, sharing a number is how people arrange
 * a viewing, and is not flagged.
 */
export function chooseWarning(content: string, ownHosts: ReadonlySet<string>, toStranger: boolean): MessageWarning | null {
  return scamKinds(content, { ownHosts }).find((kind) => kind !== 'contact_details' || toStranger) ?? null;
}

/** The hosts of our own origins (PUBLIC_ORIGINS): links to them are not off the platform. */
export function ownHostsOf(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.filter((origin) => URL.canParse(origin)).map((origin) => new URL(origin).hostname.replace(/^www\./, '')));
}

/** Whether the receiver has written nothing yet in the conversation (the sender is still a stranger to them). */
async function receiverHasNotWritten(db: Knex, conversationId: string, receiverId: string): Promise<boolean> {
  const reply = await db('messages').where({ conversation_id: conversationId, sender_id: receiverId }).first('id');
  return reply === undefined;
}

/**
 * The warning for a message about to be stored. The conversation is read only when the message's one
 * finding is contact details (rare): the send path stays one statement for everything else.
 */
export async function warningForNewMessage(
  db: Knex,
  ownHosts: ReadonlySet<string>,
  message: { content: string; conversationId: string; receiverId: string },
): Promise<MessageWarning | null> {
  const kinds = scamKinds(message.content, { ownHosts });
  const first = kinds[0];
  if (first === undefined || first !== 'contact_details') return first ?? null;
  return (await receiverHasNotWritten(db, message.conversationId, message.receiverId)) ? 'contact_details' : null;
}
