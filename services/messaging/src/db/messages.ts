import type { ConversationSummary, Message, MessageWarning, PageQuery } from '@vnmarket/proto';
import { OUTBOX_TABLE, type Knex, type TraceCarrier } from '@vnmarket/shared';

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  receiver_id: string;
  listing_id: string | null;
  content: string;
  is_read: boolean;
  created_at: Date;
  /** The scam guard's finding (src/safety), null when none. */
  warning: MessageWarning | null;
}

/** The message as stored, with its warning: for its receiver, and for the outbox event. */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    listingId: row.listing_id,
    content: row.content,
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
    warning: row.warning ?? null,
  };
}

/**
 * The message as `viewerId` is shown it: the warning is for the receiver only. Its sender is not told
 * (a scammer told which words were caught would only change them).
 */
export function asSeenBy(message: Message, viewerId: string): Message {
  return message.receiverId === viewerId || !message.warning ? message : { ...message, warning: null };
}

/** What became of a message given to storeMessages. */
export type StoreOutcome = 'stored' | 'no_recipient' | 'blocked';

/** A message to store with its outbox row (message.created). */
export interface MessageToStore {
  message: Omit<MessageRow, 'is_read'>;
  outboxRow: { id: string; type: string; envelope: unknown; request_id: string | null; trace_context?: TraceCarrier | null };
}

/**
 * Stores messages and their outbox rows in one statement (atomic, one round trip and one commit for the
 * lot: sending is the hot path), each only if its receiver is known and neither of the two has blocked
 * the other. Answers each id's outcome; a message left out is left out with its event.
 */
export async function storeMessages(db: Knex, items: MessageToStore[]): Promise<Map<string, StoreOutcome>> {
  const input = items.map(({ message, outboxRow }) => ({
    id: message.id,
    conversation_id: message.conversation_id,
    sender_id: message.sender_id,
    receiver_id: message.receiver_id,
    listing_id: message.listing_id,
    content: message.content,
    created_at: message.created_at.toISOString(),
    warning: message.warning,
    event_id: outboxRow.id,
    event_type: outboxRow.type,
    envelope: outboxRow.envelope,
    request_id: outboxRow.request_id,
    trace_context: outboxRow.trace_context ?? null,
  }));
  const { rows } = await db.raw<{ rows: { id: string; outcome: StoreOutcome }[] }>(
    `with input as (
       select * from jsonb_to_recordset(:input::jsonb) as i(
         id uuid, conversation_id text, sender_id uuid, receiver_id uuid, listing_id uuid, content text, created_at timestamptz,
         warning text, event_id uuid, event_type text, envelope jsonb, request_id text, trace_context jsonb)
     ),
     blocked as (
       select i.id from input i
       where exists (select 1 from blocks b where b.blocker_id = i.receiver_id and b.blocked_id = i.sender_id)
          or exists (select 1 from blocks b where b.blocker_id = i.sender_id and b.blocked_id = i.receiver_id)
     ),
     stored as (
       insert into messages (id, conversation_id, sender_id, receiver_id, listing_id, content, created_at, warning)
       select i.id, i.conversation_id, i.sender_id, i.receiver_id, i.listing_id, i.content, i.created_at, i.warning
       from input i join users recipient on recipient.id = i.receiver_id and not recipient.deleted
       where i.id not in (select id from blocked)
       returning id
     ),
     event as (
       insert into ${OUTBOX_TABLE} (id, type, envelope, request_id, trace_context)
       select i.event_id, i.event_type, i.envelope, i.request_id, i.trace_context from input i join stored on stored.id = i.id
       returning id
     )
     select id, 'stored' as outcome from stored
     union all select id, 'blocked' as outcome from blocked`,
    { input: JSON.stringify(input) },
  );
  const outcomes = new Map<string, StoreOutcome>(items.map((item) => [item.message.id, 'no_recipient']));
  for (const row of rows) outcomes.set(row.id, row.outcome);
  return outcomes;
}

/** One page of a thread as `viewerId` sees it, oldest first: the newest `limit` messages, or those before a given one. */
export async function threadPage(db: Knex, conversationId: string, viewerId: string, limit: number, beforeId?: string): Promise<Message[]> {
  const query = db<MessageRow>('messages').where({ conversation_id: conversationId });
  if (beforeId) {
    query.whereRaw('(created_at, id) < (select created_at, id from messages where id = ? and conversation_id = ?)', [beforeId, conversationId]);
  }
  const rows = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.reverse().map((row) => asSeenBy(toMessage(row), viewerId));
}

export async function markRead(db: Knex, conversationId: string, readerId: string): Promise<number> {
  return db('messages').where({ conversation_id: conversationId, receiver_id: readerId, is_read: false }).update({ is_read: true });
}

/** Unread messages, but for those of members the user has blocked. */
export async function unreadCount(db: Knex, userId: string): Promise<number> {
  const row = await db('messages')
    .where({ receiver_id: userId, is_read: false })
    .whereNotExists(db('blocks').select(db.raw('1')).where('blocker_id', userId).whereRaw('blocked_id = messages.sender_id'))
    .count<{ count: number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

interface SummaryRow {
  conversation_id: string;
  other_id: string;
  content: string;
  created_at: Date;
  unread: number | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  listing_id: string | null;
  listing_title: string | null;
  listing_price: string | null;
  listing_removed: boolean | null;
}

/**
 * Every conversation of a user in one query, newest first: the other participant, the latest listing
 * talked about, the last message and the unread count. Conversations with members the user has blocked
 * are left out (unblocking brings them back, as they were).
 */
export async function conversationsOf(db: Knex, userId: string, page: PageQuery = { limit: 50, offset: 0 }): Promise<ConversationSummary[]> {
  const { rows } = await db.raw<{ rows: SummaryRow[] }>(
    `
    with mine as (
      select m.*, case when m.sender_id = :userId then m.receiver_id else m.sender_id end as other_id
      from messages m
      where (m.sender_id = :userId or m.receiver_id = :userId)
        and not exists (
          select 1 from blocks b
          where b.blocker_id = :userId and b.blocked_id = case when m.sender_id = :userId then m.receiver_id else m.sender_id end
        )
    ),
    last_message as (
      select distinct on (conversation_id) conversation_id, other_id, content, created_at
      from mine order by conversation_id, created_at desc, id desc
    ),
    unread as (
      select conversation_id, count(*)::int as unread from mine where receiver_id = :userId and not is_read group by conversation_id
    ),
    latest_listing as (
      select distinct on (conversation_id) conversation_id, listing_id
      from mine where listing_id is not null order by conversation_id, created_at desc, id desc
    )
    select lm.conversation_id, lm.other_id, lm.content, lm.created_at, u.unread,
           o.first_name, o.last_name, o.profile_image_url,
           l.id as listing_id, l.title as listing_title, l.price as listing_price, l.deleted as listing_removed
    from last_message lm
    left join unread u on u.conversation_id = lm.conversation_id
    left join latest_listing ll on ll.conversation_id = lm.conversation_id
    left join users o on o.id = lm.other_id
    left join listings l on l.id = ll.listing_id
    order by lm.created_at desc, lm.conversation_id
    limit :limit offset :offset`,
    { userId, limit: page.limit, offset: page.offset },
  );
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    otherUser: {
      id: row.other_id,
      firstName: row.first_name || 'Former',
      lastName: row.last_name || 'member',
      profileImageUrl: row.profile_image_url,
    },
    ...(row.listing_id
      ? { listing: { id: row.listing_id, title: row.listing_title!, price: row.listing_price!, ...(row.listing_removed ? { removed: true } : {}) } }
      : {}),
    lastMessage: { content: row.content, createdAt: row.created_at.toISOString() },
    unreadCount: row.unread ?? 0,
  }));
}
