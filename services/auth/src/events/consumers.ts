import { eventSubscription, GroupCommit, serviceQueueName, type Knex, type Outbox, type Subscription } from '@vnmarket/shared';
import { recordConversations, type ConversationPair } from '../db/conversation-partners';
import { forgetListingOwner, recordListingOwner } from '../db/listing-owners';
import { detachListing } from '../db/reviews';
import { lockUserById, phoneVerifiedByOther, releasePhoneFromOthers, updateUser, type UserRow } from '../db/users';
import type { SessionManager } from '../session-manager';
import { publishProfile } from './publish';
import { RecordedPairs } from './recorded-pairs';

/**
 * auth listens for verified phones (verification), deleted listings and suspended members (listings) and
 * messages sent (messaging: who may review whom).
 */
export function authSubscription(deps: { db: Knex; outbox: Outbox; sessions: SessionManager; exchange: string }): Subscription {
  const recordedPairs = new RecordedPairs();
  // A busy chat sends auth a message.created per message: the pairs of those handled at once share one
  // statement (and one commit), instead of a transaction of four round trips each.
  const pairWriter = new GroupCommit<ConversationPair, void>(
    async (pairs) => {
      await recordConversations(deps.db, pairs);
      return pairs.map(() => undefined);
    },
    // One statement at a time: no person waits on a pair being recorded, and fewer, fuller batches cost less.
    { maxInFlight: 1 },
  );
  const subscription = eventSubscription(deps.db, serviceQueueName(deps.exchange, 'auth'), {
    'phone.verified': async (trx, event) => {
      // Only if the number on file is still the one that was verified.
      const current = await trx<UserRow>('users').where({ id: event.data.userId, phone: event.data.phone }).forUpdate().first();
      if (!current || current.phone_verified) return;
      // Two unverified holders racing to verify: the first one wins the number.
      if (await phoneVerifiedByOther(trx, event.data.phone, current.id)) return;
      const updated = await updateUser(trx, current.id, { phone_verified: true, phone_verified_at: new Date(), is_verified: true });
      if (updated) await publishProfile(deps.outbox, trx, 'user.updated', updated);
      // The proved owner takes the number back from unverified accounts that typed it.
      for (const released of await releasePhoneFromOthers(trx, event.data.phone, current.id)) {
        await publishProfile(deps.outbox, trx, 'user.updated', released);
      }
    },
    // Which member owns which listing: a review's listing must be its seller's.
    'listing.created': (trx, event) => recordListingOwner(trx, event.data),
    'listing.updated': (trx, event) => recordListingOwner(trx, event.data),
    'listing.deleted': async (trx, event) => {
      await detachListing(trx, event.data.id);
      await forgetListingOwner(trx, event.data);
    },
    'member.suspended': async (trx, event) => {
      const member = await lockUserById(trx, event.data.userId);
      if (!member || member.suspended_at) return;
      const suspended = await updateUser(trx, member.id, { suspended_at: new Date(), suspension_reason: event.data.reason });
      if (suspended) await publishProfile(deps.outbox, trx, 'user.updated', suspended);
      await deps.sessions.closeAllOf(trx, member.id);
    },
    // Bound (so the queue receives them), but handled below, without the transaction.
    'message.created': () => undefined,
  });
  return {
    ...subscription,
    async handle(event) {
      if (event.type !== 'message.created') return subscription.handle(event);
      const { senderId, receiverId } = event.data;
      // A conversation's later messages: their direction is recorded already (see RecordedPairs).
      if (recordedPairs.has(senderId, receiverId)) return;
      // Recording a pair twice changes nothing, so a redelivery is harmless without processed_events.
      await pairWriter.submit({ senderId, receiverId });
      recordedPairs.add(senderId, receiverId);
    },
  };
}
