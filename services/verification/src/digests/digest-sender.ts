import type { EventEnvelope } from '@vnmarket/proto';
import type { Knex, Logger } from '@vnmarket/shared';
import { lockContact } from '../db/contacts';
import { recordDigestSms } from '../db/digests';
import type { SmsSender } from '../sms';

/**
 * Texts a member's daily digest (messaging's digest.ready) to their phone, only when it is verified: an
 * unverified number may not be theirs. The day's row and the send share the event's transaction, so a
 * redelivered event finds the row and sends nothing, and a provider that refuses rolls the row back for
 * the bus to try again. The contact's row lock keeps it in step with a number being changed meanwhile.
 */
export async function sendDigest(
  trx: Knex.Transaction,
  deps: { sms: SmsSender; logger: Logger; clock: () => Date },
  event: EventEnvelope<'digest.ready'>,
): Promise<void> {
  const { userId, date, text } = event.data;
  const contact = await lockContact(trx, userId);
  if (!contact?.phone || !contact.phone_verified) {
    deps.logger.debug({ userId }, 'no verified phone: the SMS digest is not sent');
    return;
  }
  if (!(await recordDigestSms(trx, { userId, date, eventId: event.id, sentAt: deps.clock() }))) return;
  await deps.sms.send(contact.phone, text);
}
