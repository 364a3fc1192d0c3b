import { randomUUID } from 'node:crypto';
import { buildEvent, type DomainEvent, type EventData, type EventEnvelope, type EventType } from '@vnmarket/proto';
import { currentRequestId } from '../context';
import type { Knex } from '../db';
import type { Logger } from '../logger';
import type { EventBus } from './event-bus';

export const OUTBOX_TABLE = 'outbox_events';
export const PROCESSED_EVENTS_TABLE = 'processed_events';

/** Tables for a service's migration: the outbox it publishes from and the ids of events it applied. */
export async function createEventTables(db: Knex): Promise<void> {
  await db.schema.createTable(OUTBOX_TABLE, (table) => {
    table.uuid('id').primary();
    table.string('type', 100).notNullable();
    table.jsonb('envelope').notNullable();
    table.string('request_id', 128);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('published_at', { useTz: true });
    table.index(['created_at'], 'outbox_events_unpublished_idx', { predicate: db.whereNull('published_at') });
  });
  await db.schema.createTable(PROCESSED_EVENTS_TABLE, (table) => {
    table.uuid('event_id').primary();
    table.string('event_type', 100).notNullable();
    table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

export async function dropEventTables(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists(PROCESSED_EVENTS_TABLE);
  await db.schema.dropTableIfExists(OUTBOX_TABLE);
}

export interface OutboxOptions {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  clock?: () => Date;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows are kept this long for inspection, then pruned. */
  retentionHours?: number;
}

/**
 * Transactional outbox: add() writes the event in the caller's transaction, so an event exists exactly
 * when the change does. The relay publishes unsent rows (oldest first, SKIP LOCKED so replicas share the
 * work) and marks them sent only after the broker confirms; rows left by a broker outage go out when it
 * returns. Delivery is at least once; consumers are idempotent.
 */
export class Outbox {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private lastPrune = 0;

  constructor(private readonly options: OutboxOptions) {}

  async add<T extends EventType>(trx: Knex.Transaction, type: T, data: EventData<T>): Promise<EventEnvelope<T>> {
    const row = this.row(type, data);
    await trx(OUTBOX_TABLE).insert(row);
    trx.executionPromise.then(() => this.nudge(), () => undefined);
    return row.envelope;
  }

  /**
   * A validated outbox row, for a hot path that writes it in the same single statement as its change
   * (one round trip instead of a transaction); call nudge() once that statement has run.
   */
  row<T extends EventType>(type: T, data: EventData<T>): { id: string; type: T; envelope: EventEnvelope<T>; request_id: string | null } {
    const clock = this.options.clock ?? (() => new Date());
    const envelope = buildEvent(type, data, randomUUID(), clock());
    return { id: envelope.id, type, envelope, request_id: currentRequestId() ?? null };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Ask for a relay pass soon (after a commit), without waiting for the poll interval. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Publishes everything pending; returns how many events went out. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.relayBatch();
      total += sent;
      if (sent < (this.options.batchSize ?? 100)) return total;
    }
  }

  async pendingCount(): Promise<number> {
    const row = await this.options.db(OUTBOX_TABLE).whereNull('published_at').count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      try {
        if (this.options.bus.isConnected) await this.flush();
        await this.pruneIfDue();
      } catch (error) {
        this.options.logger.warn({ err: (error as Error).message }, 'outbox relay pass failed; will retry');
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const next = this.again ? 0 : (this.options.pollIntervalMs ?? 1000);
    this.again = false;
    this.schedule(next);
  }

  private async relayBatch(): Promise<number> {
    const { db, bus } = this.options;
    return db.transaction(async (trx) => {
      const rows: { id: string; envelope: DomainEvent; request_id: string | null }[] = await trx(OUTBOX_TABLE)
        .select('id', 'envelope', 'request_id')
        .whereNull('published_at')
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(this.options.batchSize ?? 100)
        .forUpdate()
        .skipLocked();
      if (rows.length === 0) return 0;
      await Promise.all(
        rows.map((row) => bus.publish(row.envelope, row.request_id ? { 'x-request-id': row.request_id } : {})),
      );
      await trx(OUTBOX_TABLE)
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ published_at: trx.fn.now() });
      return rows.length;
    });
  }

  private async pruneIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    const hours = this.options.retentionHours ?? 72;
    await this.options.db(OUTBOX_TABLE)
      .whereNotNull('published_at')
      .where('published_at', '<', new Date(now - hours * 3_600_000))
      .delete();
  }
}

/**
 * Wraps an event handler so it runs at most once per event id: the id is recorded in the same
 * transaction as the handler's changes, and a redelivered event finds it and changes nothing.
 */
export function idempotentHandler(
  db: Knex,
  apply: (trx: Knex.Transaction, event: DomainEvent) => Promise<void>,
): (event: DomainEvent) => Promise<void> {
  return (event) =>
    db.transaction(async (trx) => {
      const inserted = await trx(PROCESSED_EVENTS_TABLE)
        .insert({ event_id: event.id, event_type: event.type })
        .onConflict('event_id')
        .ignore()
        .returning('event_id');
      if (inserted.length === 0) return;
      await apply(trx, event);
    });
}
