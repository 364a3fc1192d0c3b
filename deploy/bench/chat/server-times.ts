/**
 * Where the time goes on the server, read back from PostgreSQL (same machine, same clock): each message's
 * transaction start (messages.created_at = now() of the sending transaction) and the start of the outbox
 * relay transaction that published it (outbox_events.published_at).
 */
import { createDb } from '@vnmarket/shared';
import { CONTENT } from './message-ledger';
import { settings } from './settings';

export interface ServerTimes {
  transactionAt: number;
  relayAt?: number;
}

/** Server times (epoch ms) of every bench message, by seq. */
export async function serverTimes(): Promise<Map<number, ServerTimes>> {
  const db = createDb(settings.databaseUrl, 'messaging', 1);
  try {
    const { rows } = await db.raw<{ rows: { content: string; transaction_ms: string; relay_ms: string | null }[] }>(`
      select m.content,
             extract(epoch from m.created_at) * 1000 as transaction_ms,
             extract(epoch from o.published_at) * 1000 as relay_ms
      from messages m
      left join outbox_events o on o.type = 'message.created' and (o.envelope -> 'data' ->> 'id')::uuid = m.id`);
    const times = new Map<number, ServerTimes>();
    for (const row of rows) {
      const match = CONTENT.exec(row.content);
      if (!match) continue;
      times.set(Number(match[1]), { transactionAt: Number(row.transaction_ms), relayAt: row.relay_ms === null ? undefined : Number(row.relay_ms) });
    }
    return times;
  } finally {
    await db.destroy();
  }
}
