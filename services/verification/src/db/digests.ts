import type { Knex } from '@vnmarket/shared';

/** Records the member's digest of that day; false when it is recorded already (it was sent). */
export async function recordDigestSms(trx: Knex.Transaction, row: { userId: string; date: string; eventId: string; sentAt: Date }): Promise<boolean> {
  const inserted = await trx('digest_sms')
    .insert({ user_id: row.userId, digest_date: row.date, event_id: row.eventId, sent_at: row.sentAt })
    .onConflict(['user_id', 'digest_date'])
    .ignore()
    .returning('user_id');
  return inserted.length > 0;
}

export async function deleteDigestsOfUser(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('digest_sms').where({ user_id: userId }).delete();
}
