import type { Knex, Outbox } from '@vnmarket/shared';
import { toProfileEvent, type UserRow } from '../db/users';

/** Every change to a user's public fields goes out as user.updated, in the same transaction. */
export async function publishProfile(outbox: Outbox, trx: Knex.Transaction, type: 'user.registered' | 'user.updated', row: UserRow) {
  await outbox.add(trx, type, toProfileEvent(row));
}

/** A deleted account: every copy of it elsewhere becomes a tombstone at this version. */
export async function publishUserDeleted(outbox: Outbox, trx: Knex.Transaction, id: string, version: number) {
  await outbox.add(trx, 'user.deleted', { id, version });
}

/** A closed session: messaging closes its open sockets on every replica. */
export async function publishSessionRevoked(outbox: Outbox, trx: Knex.Transaction, sessionId: string, userId: string) {
  await outbox.add(trx, 'session.revoked', { sessionId, userId });
}
