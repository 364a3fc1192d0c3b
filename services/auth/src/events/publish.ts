import type { Knex, Outbox } from '@vnmarket/shared';
import { toProfileEvent, type UserRow } from '../db/users';

/** Every change to a user's public fields goes out as user.updated, in the same transaction. */
export async function publishProfile(outbox: Outbox, trx: Knex.Transaction, type: 'user.registered' | 'user.updated', row: UserRow) {
  await outbox.add(trx, type, toProfileEvent(row));
}
