/**
 * Where the time goes on the server, read back from PostgreSQL (same machine, same clock): when the
 * handler stored each message (messages.created_at: the replica's clock just before its INSERT, after the
 * session and rate-limit checks) and when the outbox relay published its durable event
 * (outbox_events.published_at: now() of the relay's marking statement).
 */
import { createDb } from '@vnmarket/shared';
import { CONTENT } from './message-ledger';
import { settings } from './settings';

export interface ServerTimes {
  storedAt: number;
  relayAt?: number;
}

/** Server times (epoch ms) of every bench message, by seq. */
export async function serverTimes(): Promise<Map<number, ServerTimes>> {
  const db = createDb(settings.databaseUrl, 'messaging', 1);
  try {
    const { rows } = await db.raw<{ rows: { content: string; stored_ms: string; relay_ms: string | null }[] }>(`
      select m.content,
             extract(epoch from m.created_at) * 1000 as stored_ms,
             extract(epoch from o.published_at) * 1000 as relay_ms
      from messages m
      left join outbox_events o on o.type = 'message.created' and (o.envelope -> 'data' ->> 'id')::uuid = m.id`);
    const times = new Map<number, ServerTimes>();
    for (const row of rows) {
      const match = CONTENT.exec(row.content);
      if (!match) continue;
      times.set(Number(match[1]), { storedAt: Number(row.stored_ms), relayAt: row.relay_ms === null ? undefined : Number(row.relay_ms) });
    }
    return times;
  } finally {
    await db.destroy();
  }
}
