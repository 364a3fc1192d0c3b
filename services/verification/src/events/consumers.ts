import { eventSubscription, serviceQueueName, type Knex, type Logger, type Subscription } from '@vnmarket/shared';
import type { EventData } from '@vnmarket/proto';
import { deleteCodesOfUser, retireLiveCodes } from '../db/codes';
import { deleteContact, upsertContact } from '../db/contacts';
import { deleteDigestsOfUser } from '../db/digests';
import { sendDigest } from '../digests/digest-sender';
import type { SmsSender } from '../sms';

/**
 * verification keeps a read copy of each user's phone, whether it is verified, and the language the
 * code is texted in. A code sent to a number the user no longer has stops working; a deleted user's
 * contact and codes go with them. Messaging's daily digest is texted from here, where the SMS provider is.
 */
export function verificationSubscription(deps: { db: Knex; exchange: string; clock: () => Date; sms: SmsSender; logger: Logger }): Subscription {
  const copyContact = async (trx: Knex.Transaction, event: { data: EventData<'user.registered'> }) => {
    const contact = await upsertContact(trx, event.data);
    if (contact) await retireLiveCodes(trx, contact.user_id, 'phone_changed', deps.clock(), contact.phone);
  };
  return eventSubscription(deps.db, serviceQueueName(deps.exchange, 'verification'), {
    'user.registered': copyContact,
    'user.updated': copyContact,
    'user.deleted': async (trx, event) => {
      await deleteCodesOfUser(trx, event.data.id);
      await deleteContact(trx, event.data.id, event.data.version);
      await deleteDigestsOfUser(trx, event.data.id);
    },
    'digest.ready': (trx, event) => sendDigest(trx, deps, event),
  });
}
