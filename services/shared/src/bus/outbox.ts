import { randomUUID } from 'node:crypto';
import { buildEvent, type DomainEvent, type EventData, type EventEnvelope, type EventType } from '@vnmarket/proto';
import { currentRequestId } from '../context';
import type { Knex } from '../db';
import type { Logger } from '../logger';
import { outboxBacklogSources, type OutboxBacklogSource } from '../metrics';
import { batchedEventHeaders, currentTraceCarrier, publishInStoredTrace, type TraceCarrier } from '../tracing';
import type { EventBus } from './event-bus';

export const OUTBOX_TABLE = 'outbox_events';
const PROCESSED_EVENTS_TABLE = 'processed_events';
const UNPUBLISHED_INDEX = 'outbox_events_unpublished_idx';
const RELAY_ORDER_INDEX = 'outbox_events_relay_order_idx';

/** Tables for a service's migration: the outbox it publishes from and the ids of events it applied. */
export async function createEventTables(db: Knex): Promise<void> {
  await db.schema.createTable(OUTBOX_TABLE, (table) => {
    table.uuid('id').primary();
    table.string('type', 100).notNullable();
    table.jsonb('envelope').notNullable();
    table.string('request_id', 128);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('published_at', { useTz: true });
    table.index(['created_at'], UNPUBLISHED_INDEX, { predicate: db.whereNull('published_at') });
  });
  await db.schema.createTable(PROCESSED_EVENTS_TABLE, (table) => {
    table.uuid('event_id').primary();
    table.string('event_type', 100).notNullable();
    table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

/**
 * The relay claims rows with a lease instead of holding a transaction (and its row locks and
 * connection) open while it waits for the broker's confirms.
 */
export async function addOutboxLease(db: Knex): Promise<void> {
  await db.schema.alterTable(OUTBOX_TABLE, (table) => {
    table.timestamp('claimed_until', { useTz: true });
  });
}

export async function dropOutboxLease(db: Knex): Promise<void> {
  await db.schema.alterTable(OUTBOX_TABLE, (table) => {
    table.dropColumn('claimed_until');
  });
}

/**
 * The trace context (W3C traceparent/tracestate) of the request that wrote the row, so the relay's
 * publish and the consumers' handling join that request's trace. Null when it was not traced.
 */
export async function addOutboxTraceContext(db: Knex): Promise<void> {
  await db.schema.alterTable(OUTBOX_TABLE, (table) => {
    table.jsonb('trace_context');
  });
}

export async function dropOutboxTraceContext(db: Knex): Promise<void> {
  await db.schema.alterTable(OUTBOX_TABLE, (table) => {
    table.dropColumn('trace_context');
  });
}

/**
 * An index of the unpublished rows in the relay's exact order (created_at, id), so its claim is an ordered
 * index scan that stops at the batch size, in place of the index on created_at alone, with which
 * PostgreSQL chose a bitmap scan and a sort: a bitmap scan reads every entry a published row left until
 * VACUUM removes it, so the claim grew with each event sent (with autovacuum off, as on the CI machines,
 * without bound). Built and dropped concurrently: the outbox is a service's busiest table, and
 * its writes must not wait for the build (the migration runs outside a transaction).
 */
export async function orderUnpublishedIndexForRelay(db: Knex): Promise<void> {
  await buildIndexConcurrently(db, RELAY_ORDER_INDEX, ['created_at', 'id']);
  await db.raw('drop index concurrently if exists ??', [UNPUBLISHED_INDEX]);
}

export async function unorderUnpublishedIndex(db: Knex): Promise<void> {
  await buildIndexConcurrently(db, UNPUBLISHED_INDEX, ['created_at']);
  await db.raw('drop index concurrently if exists ??', [RELAY_ORDER_INDEX]);
}

/** A build that failed half-way leaves an invalid index of that name: dropped first, then built anew. */
async function buildIndexConcurrently(db: Knex, name: string, columns: string[]): Promise<void> {
  await db.raw('drop index concurrently if exists ??', [name]);
  await db.raw(`create index concurrently ?? on ?? (${columns.map(() => '??').join(', ')}) where published_at is null`, [name, OUTBOX_TABLE, ...columns]);
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
  /** How long a claimed batch is the claimer's; past it (a crashed relay) another may send it. */
  leaseMs?: number;
  /** A publish not confirmed by the broker within this is treated as failed (sent again later). */
  confirmTimeoutMs?: number;
  /** Ids of applied events (processed_events) are kept this long: longer than any redelivery. */
  processedRetentionHours?: number;
  /** A run of same-type rows goes out as one broker message (default true; config EVENT_BATCHES). */
  batches?: boolean;
}

/**
 * Transactional outbox: add() writes the event in the caller's transaction, so an event exists exactly
 * when the change does. The relay publishes unsent rows (oldest first, SKIP LOCKED so replicas share the
 * work) and marks them sent only after the broker confirms; rows left by a broker outage go out when it
 * returns. Delivery is at least once; consumers are idempotent.
 */
/** An outbox row as written: the event, the request id and the trace context it was written in. */
export interface OutboxRow<T extends EventType = EventType> {
  id: string;
  type: T;
  envelope: EventEnvelope<T>;
  request_id: string | null;
  trace_context: TraceCarrier | null;
}

/** A row the relay claimed. */
export interface RelayedRow {
  id: string;
  envelope: DomainEvent;
  request_id: string | null;
  trace_context: TraceCarrier | null;
}

export class Outbox implements OutboxBacklogSource {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private lastPrune = 0;

  constructor(private readonly options: OutboxOptions) {}

  async add<T extends EventType>(trx: Knex.Transaction, type: T, data: EventData<T>): Promise<EventEnvelope<T>> {
    const row = this.row(type, data);
    await trx(OUTBOX_TABLE).insert(row);
    trx.executionPromise.then(
      () => this.nudge(),
      () => undefined,
    );
    return row.envelope;
  }

  /**
   * A validated outbox row, for a hot path that writes it in the same single statement as its change
   * (one round trip instead of a transaction); call nudge() once that statement has run.
   */
  row<T extends EventType>(type: T, data: EventData<T>): OutboxRow<T> {
    const clock = this.options.clock ?? (() => new Date());
    const envelope = buildEvent(type, data, randomUUID(), clock());
    return { id: envelope.id, type, envelope, request_id: currentRequestId() ?? null, trace_context: currentTraceCarrier() };
  }

  start(): void {
    this.stopped = false;
    outboxBacklogSources.add(this);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    outboxBacklogSources.delete(this);
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

  /** Unsent rows and the age of the oldest, for the outbox_* gauges (read on scrape, one indexed query). */
  async backlog(): Promise<{ rows: number; oldestAgeSeconds: number }> {
    const { rows } = await this.options.db.raw<{ rows: { rows: number; oldest_age_seconds: number | null }[] }>(
      `select count(*)::int as rows, extract(epoch from now() - min(created_at))::float8 as oldest_age_seconds
       from ${OUTBOX_TABLE} where published_at is null`,
    );
    return { rows: rows[0]?.rows ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.oldest_age_seconds ?? 0) };
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

  /**
   * Claims a batch (oldest first; SKIP LOCKED and the lease let replicas share the work) in one short
   * statement, publishes outside any transaction with a confirm timeout, then marks what the broker
   * confirmed. A crash between publish and mark sends those again: at least once, and consumers are
   * idempotent.
   */
  private async relayBatch(): Promise<number> {
    const { db } = this.options;
    const leaseMs = this.options.leaseMs ?? 30_000;
    const rows = await claimUnpublished(db, leaseMs, this.options.batchSize ?? 100);
    if (rows.length === 0) return 0;
    // A run of same-type rows goes out as one broker message; runs keep the rows' order between types.
    // Every publish is issued now, in order (each call sends before it first waits), then all are awaited.
    const runs = this.options.batches === false ? rows.map((row) => [row]) : consecutiveRuns(rows, (row) => row.envelope.type);
    const confirmTimeoutMs = this.options.confirmTimeoutMs ?? 10_000;
    const runOutcomes = await Promise.allSettled(runs.map((run) => withTimeout(this.publishRun(run), confirmTimeoutMs)));
    const outcomes = runs.flatMap((run, index) => run.map(() => runOutcomes[index]!));
    const confirmed = rows.filter((_, index) => outcomes[index]!.status === 'fulfilled').map((row) => row.id);
    const failed = rows.filter((_, index) => outcomes[index]!.status === 'rejected').map((row) => row.id);
    if (confirmed.length > 0) await db(OUTBOX_TABLE).whereIn('id', confirmed).update({ published_at: db.fn.now(), claimed_until: null });
    // Release what did not go out, so the next pass (or another replica) tries it without waiting.
    if (failed.length > 0) await db(OUTBOX_TABLE).whereIn('id', failed).update({ claimed_until: null });
    if (failed.length > 0) throw (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason;
    return confirmed.length;
  }

  /**
   * One row alone, in a producer span that is the child of the context stored with it and lasts until the
   * broker confirms; or a batch, each row's headers made in a span of its own (batchedEventHeaders).
   */
  private publishRun(run: RelayedRow[]): Promise<void> {
    const { bus } = this.options;
    const attributes = (row: RelayedRow) => ({
      'messaging.system': 'rabbitmq',
      'messaging.destination.name': row.envelope.type,
      'messaging.message.id': row.id,
    });
    const requestHeaders = (row: RelayedRow): Record<string, unknown> => (row.request_id ? { 'x-request-id': row.request_id } : {});
    if (run.length === 1) {
      const [row] = run as [RelayedRow];
      return publishInStoredTrace(row.trace_context, attributes(row), () => bus.publish(row.envelope, requestHeaders(row)));
    }
    return bus.publishEvents(
      run.map((row) => ({ event: row.envelope, headers: batchedEventHeaders(row.trace_context, attributes(row), requestHeaders(row)) })),
    );
  }

  private async pruneIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    const hours = this.options.retentionHours ?? 72;
    await this.options
      .db(OUTBOX_TABLE)
      .whereNotNull('published_at')
      .where('published_at', '<', new Date(now - hours * 3_600_000))
      .delete();
    // Ids of applied events, kept only as long as a redelivery could still come.
    const processedHours = this.options.processedRetentionHours ?? 14 * 24;
    await this.options
      .db(PROCESSED_EVENTS_TABLE)
      .where('processed_at', '<', new Date(now - processedHours * 3_600_000))
      .delete();
  }
}

/**
 * The claim's statement: the oldest unpublished rows not leased to another relay, leased to this one,
 * oldest first. UPDATE … RETURNING has no order, so the claimed rows are sorted here, in microseconds: a
 * JavaScript Date holds only milliseconds, and two transactions in one millisecond would tie.
 */
export const CLAIM_UNPUBLISHED_SQL = `with claimed as (
    update ${OUTBOX_TABLE} set claimed_until = now() + make_interval(secs => ?)
    where id in (
      select id from ${OUTBOX_TABLE}
      where published_at is null and (claimed_until is null or claimed_until < now())
      order by created_at, id limit ? for update skip locked
    )
    returning id, envelope, request_id, trace_context, created_at
  )
  select id, envelope, request_id, trace_context from claimed order by created_at, id`;

/**
 * A transaction planned as the claim must be: bitmap scans off. The planner, expecting few unpublished
 * rows, prefers a bitmap scan and a sort, which read every not-yet-vacuumed entry of a published row; the
 * ordered index scan stops at the limit and marks the dead entries it passes, so the next claim skips them
 * (orderUnpublishedIndexForRelay). SET LOCAL needs the transaction; no row lock outlives it.
 */
export function inClaimPlan<T>(db: Knex, run: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('set local enable_bitmapscan = off');
    return run(trx);
  });
}

function claimUnpublished(db: Knex, leaseMs: number, limit: number): Promise<RelayedRow[]> {
  return inClaimPlan(db, async (trx) => (await trx.raw<{ rows: RelayedRow[] }>(CLAIM_UNPUBLISHED_SQL, [leaseMs / 1000, limit])).rows);
}

/**
 * Wraps an event handler so it runs at most once per event id: the id is recorded in the same
 * transaction as the handler's changes, and a redelivered event finds it and changes nothing.
 */
export function idempotentHandler(db: Knex, apply: (trx: Knex.Transaction, event: DomainEvent) => Promise<void>): (event: DomainEvent) => Promise<void> {
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

/** Splits a list into runs of consecutive items with the same key, in order. */
export function consecutiveRuns<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const runs: T[][] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && keyOf(last[0]!) === keyOf(item)) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`broker did not confirm within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
