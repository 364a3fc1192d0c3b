import type { Knex } from '@vnmarket/shared';

/** How far back, and over how many of the user's latest conversations, a typical reply time looks. */
const REPLY_WINDOW_DAYS = 90;
const REPLY_CONVERSATIONS = 20;

/**
 * The median delay, in seconds, between a message the user received and their reply, over their latest
 * conversations of the window, with how many replies it is the median of. A run of messages from the
 * other side counts once, from its first message (three "còn không?" then one answer is one reply); a
 * message never answered counts nothing.
 */
export async function medianReplySeconds(db: Knex, userId: string, now: Date): Promise<{ seconds: number | null; replies: number }> {
  const since = new Date(now.getTime() - REPLY_WINDOW_DAYS * 86_400_000);
  const { rows } = await db.raw<{ rows: { median_seconds: number | null; replies: string }[] }>(
    `with mine as (
       select conversation_id from (
         select conversation_id, created_at from messages where sender_id = :userId and created_at > :since
         union all
         select conversation_id, created_at from messages where receiver_id = :userId and created_at > :since
       ) recent
       group by conversation_id order by max(created_at) desc limit :conversations
     ),
     thread as (
       select m.conversation_id, m.sender_id, m.created_at,
              lag(m.sender_id) over (partition by m.conversation_id order by m.created_at, m.id) as previous_sender
       from messages m join mine using (conversation_id)
       where m.created_at > :since
     ),
     turns as (
       select sender_id, created_at,
              lag(created_at) over (partition by conversation_id order by created_at) as previous_turn_at
       from thread where previous_sender is distinct from sender_id
     )
     select percentile_cont(0.5) within group (order by extract(epoch from created_at - previous_turn_at)) as median_seconds,
            count(*) as replies
     from turns where sender_id = :userId and previous_turn_at is not null`,
    { userId, since: since.toISOString(), conversations: REPLY_CONVERSATIONS },
  );
  const row = rows[0];
  return { seconds: row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds), replies: Number(row?.replies ?? 0) };
}
