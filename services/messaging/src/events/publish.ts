import type { Message } from '@vnmarket/proto';
import type { Outbox } from '@vnmarket/shared';

/**
 * message.created as an outbox row, written in the same statement as the message itself (the send path
 * is hot: one round trip, no transaction). Every replica pushes it to both users' sockets unless the
 * message's live push (realtime/live-push.ts) got there first.
 */
export function messageCreatedRow(outbox: Outbox, message: Message) {
  return outbox.row('message.created', message);
}
