import type { NotificationChoiceKind } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

export interface PendingDigestRow {
  user_id: string;
  kind: NotificationChoiceKind;
  count: number;
  preferred_language: string | null;
}

/**
 * Per member (at most `limit` members, by id) and kind: the unread notifications, and unread messages,
 * created by `now` and after the member's last digest, in the kinds the member chose for the SMS digest,
 * leaving out members who already had today's. The choice rows are the few members who turned it on
 * (off by default), so the scan starts there.
 */
export async function pendingDigests(trx: Knex.Transaction, now: Date, date: string, limit: number): Promise<PendingDigestRow[]> {
  const { rows } = await trx.raw<{ rows: PendingDigestRow[] }>(
    `with pending as (
       select n.user_id, n.kind, n.created_at
         from notification_preferences p
         join notifications n on n.user_id = p.user_id and n.kind = p.kind and not n.is_read
        where p.sms_digest and p.kind <> 'message' and n.created_at <= :now
       union all
       select m.receiver_id, 'message', m.created_at
         from notification_preferences p
         join messages m on m.receiver_id = p.user_id and not m.is_read
        where p.sms_digest and p.kind = 'message' and m.created_at <= :now
     ),
     fresh as (
       select pending.* from pending
        where pending.created_at > coalesce((select max(d.covered_until) from sms_digests d where d.user_id = pending.user_id), '-infinity')
          and not exists (select 1 from sms_digests d where d.user_id = pending.user_id and d.digest_date = :date)
     ),
     members as (select distinct fresh.user_id from fresh join users u on u.id = fresh.user_id and not u.deleted order by fresh.user_id limit :limit)
     select fresh.user_id, fresh.kind, count(*)::int as count, u.preferred_language
       from fresh join members using (user_id) join users u on u.id = fresh.user_id
      group by fresh.user_id, fresh.kind, u.preferred_language
      order by fresh.user_id, fresh.kind`,
    { now, date, limit },
  );
  return rows;
}

/** Records today's digest for the member; false when one is recorded already (then nothing is sent). */
export async function recordDigest(trx: Knex.Transaction, userId: string, date: string, coveredUntil: Date, itemCount: number): Promise<boolean> {
  const inserted = await trx('sms_digests')
    .insert({ user_id: userId, digest_date: date, covered_until: coveredUntil, item_count: itemCount })
    .onConflict(['user_id', 'digest_date'])
    .ignore()
    .returning('user_id');
  return inserted.length > 0;
}

/**
 * Takes the named job's lease for `seconds` unless another holder's is still running (by the database's
 * clock, the same for every replica); true when this holder has it.
 */
export async function claimLease(db: Knex, name: string, holder: string, seconds: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `insert into job_leases (name, holder, leased_until) values (:name, :holder, now() + make_interval(secs => :seconds))
     on conflict (name) do update set holder = excluded.holder, leased_until = excluded.leased_until
      where job_leases.leased_until < now() or job_leases.holder = excluded.holder
     returning name`,
    { name, holder, seconds },
  );
  return rows.length > 0;
}

export async function releaseLease(db: Knex, name: string, holder: string): Promise<void> {
  await db('job_leases').where({ name, holder }).delete();
}
