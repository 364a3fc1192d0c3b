import type { Knex, Outbox } from '@vnmarket/shared';

/** A number proved by its code: auth marks the account verified if the number is still the one on file. */
export async function publishPhoneVerified(outbox: Outbox, trx: Knex.Transaction, userId: string, phone: string) {
  await outbox.add(trx, 'phone.verified', { userId, phone });
}
