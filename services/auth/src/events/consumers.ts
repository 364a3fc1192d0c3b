import { eventSubscription, serviceQueueName, type Knex, type Outbox, type Subscription } from '@vnmarket/shared';
import { recordConversation } from '../db/conversation-partners';
import { detachListing } from '../db/reviews';
import { phoneVerifiedByOther, releasePhoneFromOthers, updateUser, type UserRow } from '../db/users';
import { publishProfile } from './publish';
import { RecordedPairs } from './recorded-pairs';

/**
 * auth listens for verified phones (verification), deleted listings (listings) and messages sent
 * (messaging: who may review whom).
 */
export function authSubscription(deps: { db: Knex; outbox: Outbox; exchange: string }): Subscription {
  const recordedPairs = new RecordedPairs();
  const subscription = eventSubscription(deps.db, serviceQueueName(deps.exchange, 'auth'), {
    'phone.verified': async (trx, event) => {
      // Only if the number on file is still the one that was verified.
      const current = await trx<UserRow>('users').where({ id: event.data.userId, phone: event.data.phone }).forUpdate().first();
      if (!current || current.phone_verified) return;
      // Two unverified holders racing to verify: the first one wins the number.
      if (await phoneVerifiedByOther(trx, event.data.phone, current.id)) return;
      const updated = await updateUser(trx, current.id, { phone_verified: true, is_verified: true });
      if (updated) await publishProfile(deps.outbox, trx, 'user.updated', updated);
      // The proved owner takes the number back from unverified accounts that typed it.
      for (const released of await releasePhoneFromOthers(trx, event.data.phone, current.id)) {
        await publishProfile(deps.outbox, trx, 'user.updated', released);
      }
    },
    'listing.deleted': (trx, event) => detachListing(trx, event.data.id),
    'message.created': (trx, event) => recordConversation(trx, event.data.senderId, event.data.receiverId),
  });
  return {
    ...subscription,
    async handle(event) {
      // A conversation's later messages: its pair is recorded already (see RecordedPairs).
      if (event.type === 'message.created' && recordedPairs.has(event.data.senderId, event.data.receiverId)) return;
      await subscription.handle(event);
      if (event.type === 'message.created') recordedPairs.add(event.data.senderId, event.data.receiverId);
    },
  };
}
