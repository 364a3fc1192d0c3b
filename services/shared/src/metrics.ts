import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from 'prom-client';

/**
 * One Prometheus registry per process, served at GET /metrics on a listener of its own (METRICS_PORT,
 * see metrics-server.ts), never on the port the gateway routes to. Node's own metrics (event-loop lag,
 * heap, GC) are included. docs/observability.md lists every metric and what it means.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Every metric below is made by one of these, in metricsRegistry. */
const counter = <T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>) => new Counter({ ...config, registers: [metricsRegistry] });
const gauge = <T extends string>(config: Omit<GaugeConfiguration<T>, 'registers'>) => new Gauge({ ...config, registers: [metricsRegistry] });
const histogram = <T extends string>(config: Omit<HistogramConfiguration<T>, 'registers'>) => new Histogram({ ...config, registers: [metricsRegistry] });

/**
 * How long a value read on scrape (a query, a queue check) may take. Past it the scrape answers without
 * it (the gauge keeps its last value and metrics_scrape_read_failures_total counts the miss), so a dead
 * database or broker cannot hang Prometheus's scrape.
 */
export const SCRAPE_READ_TIMEOUT_MS = 1000;

const scrapeReadFailures = counter({
  name: 'metrics_scrape_read_failures_total',
  help: 'Values read on scrape that failed or timed out (their gauges kept the previous value), by source',
  labelNames: ['source'],
});

/** A read for a scrape, bounded by SCRAPE_READ_TIMEOUT_MS; undefined (and counted) when it fails or is late. */
async function readForScrape<T>(source: string, read: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), SCRAPE_READ_TIMEOUT_MS);
      }),
    ]);
  } catch {
    scrapeReadFailures.inc({ source });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// HTTP: rate, errors and duration by route and status.

/** The status recorded for a request whose client went away before the answer was sent (nginx's). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Upper bounds of http_server_request_duration_seconds, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One label set's requests: kept as plain numbers on the hot path, turned into samples when scraped. */
interface RequestSeries {
  labels: { route: string; method: string; status: string };
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative); the last one is above every bound (+Inf). */
  buckets: Float64Array;
}

/** route → method → status → series; looked up per request without building a key. */
const requestSeries = new Map<string, Map<string, Map<number, RequestSeries>>>();

function* allRequestSeries(): Generator<RequestSeries> {
  for (const byMethod of requestSeries.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
}

/**
 * Records one answered request. `route` must come from a bounded set (an Express route pattern, a
 * gateway route group, "unmatched"): never the raw path. After a series' first request this is three
 * map lookups and a few additions, with no allocation: prom-client's own observe hashes the labels on
 * every call, several times the cost, on the gateway's benchmarked path.
 */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  let byMethod = requestSeries.get(route);
  if (byMethod === undefined) requestSeries.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
  let series = byStatus.get(status);
  if (series === undefined) {
    series = { labels: { route, method, status: String(status) }, count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length + 1) };
    byStatus.set(status, series);
  }
  series.count += 1;
  series.sum += seconds;
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
  series.buckets[bucket]! += 1;
}

counter({
  name: 'http_server_requests_total',
  help: 'Requests answered, by route, method and status (5xx are errors; 499: the client left first)',
  labelNames: ['route', 'method', 'status'],
  collect() {
    this.reset();
    for (const series of allRequestSeries()) this.inc(series.labels, series.count);
  },
});

/** The duration histogram, in the shape prom-client's registry prints (what its Histogram's get() gives). */
const REQUEST_DURATION = 'http_server_request_duration_seconds';
const REQUEST_DURATION_HELP = 'Time from a request arriving to its answer being sent, by route, method and status';
metricsRegistry.registerMetric({
  name: REQUEST_DURATION,
  help: REQUEST_DURATION_HELP,
  type: 'histogram',
  aggregator: 'sum',
  get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const series of allRequestSeries()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += series.buckets[index]!;
        values.push({ metricName: `${REQUEST_DURATION}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${REQUEST_DURATION}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
      values.push({ metricName: `${REQUEST_DURATION}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${REQUEST_DURATION}_count`, labels: series.labels, value: series.count });
    }
    return Promise.resolve({ name: REQUEST_DURATION, help: REQUEST_DURATION_HELP, type: 'histogram', values, aggregator: 'sum' });
  },
  reset() {
    requestSeries.clear();
  },
} as unknown as Metric);

// ---------------------------------------------------------------------------------------------------
// Event bus.

/** 1 while this process holds a broker connection. A broker outage is reported here, not by readiness. */
export const brokerConnected = gauge({
  name: 'event_bus_connected',
  help: 'Whether the process is connected to RabbitMQ (1) or not (0)',
  labelNames: ['connection'],
});

/** Read on scrape, with the consumer lag (see EventBus): queue depths need a round trip to the broker. */
const deadLetterDepth = gauge({
  name: 'event_bus_dead_letter_messages',
  help: 'Messages waiting in a dead-letter queue (replay with `npm run dlq -- replay <service>`)',
  labelNames: ['queue'],
  collect: readQueueDepths,
});

const consumerLag = gauge({
  name: 'event_bus_consumer_lag_messages',
  help: "Messages ready (not yet delivered) in a service's durable event queue",
  labelNames: ['queue'],
  collect: readQueueDepths,
});

export const eventAge = histogram({
  name: 'event_bus_event_age_seconds',
  help: 'Age of an event when its handler starts (handling time minus occurredAt): outbox wait, broker and queue time',
  labelNames: ['queue', 'type'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
});

export const eventOutcomes = counter({
  name: 'event_bus_handled_total',
  help: 'Events handled, by queue and outcome (ok, retry, paused, dead_lettered)',
  labelNames: ['queue', 'outcome'],
});

export const consumerPaused = gauge({
  name: 'event_bus_consumer_paused',
  help: 'Whether a consumer is paused because a dependency (the database) is down',
  labelNames: ['queue'],
});

/** What the event-bus gauges read on scrape: each EventBus in the process adds itself while it runs. */
export interface QueueDepthSource {
  /** Ready messages per durable queue and per dead-letter queue; undefined while disconnected. */
  queueDepths(): Promise<{ lag: Map<string, number>; deadLetters: Map<string, number> } | undefined>;
}

export const queueDepthSources = new Set<QueueDepthSource>();

/** Both gauges come from one round of queue checks per scrape (prom-client collects metrics in parallel). */
let queueDepthRead: Promise<void> | undefined;
function readQueueDepths(): Promise<void> {
  queueDepthRead ??= (async () => {
    await Promise.all(
      [...queueDepthSources].map(async (source) => {
        const depths = await readForScrape('event_bus_queues', () => source.queueDepths());
        if (!depths) return;
        for (const [queue, messages] of depths.lag) consumerLag.set({ queue }, messages);
        for (const [queue, messages] of depths.deadLetters) deadLetterDepth.set({ queue }, messages);
      }),
    );
  })().finally(() => {
    queueDepthRead = undefined;
  });
  return queueDepthRead;
}

// ---------------------------------------------------------------------------------------------------
// Outbox: rows written but not yet confirmed by the broker.

/** Each started Outbox adds itself: its table's unsent rows and the age of the oldest. */
export interface OutboxBacklogSource {
  backlog(): Promise<{ rows: number; oldestAgeSeconds: number }>;
}

export const outboxBacklogSources = new Set<OutboxBacklogSource>();

const outboxBacklog = gauge({
  name: 'outbox_backlog_rows',
  help: 'Outbox rows not yet published (confirmed by the broker); every replica reports its table, so aggregate with max',
  collect: readOutboxBacklog,
});

const outboxOldestAge = gauge({
  name: 'outbox_oldest_unsent_age_seconds',
  help: 'Age of the oldest outbox row not yet published, 0 when none is waiting',
  collect: readOutboxBacklog,
});

let outboxRead: Promise<void> | undefined;
function readOutboxBacklog(): Promise<void> {
  outboxRead ??= (async () => {
    if (outboxBacklogSources.size === 0) return;
    const backlogs = await Promise.all([...outboxBacklogSources].map((source) => readForScrape('outbox', () => source.backlog())));
    // Several outboxes share a process only in tests: their rows add up, the oldest is the oldest.
    const known = backlogs.filter((backlog) => backlog !== undefined);
    if (known.length === 0) return;
    outboxBacklog.set(known.reduce((sum, backlog) => sum + backlog.rows, 0));
    outboxOldestAge.set(Math.max(...known.map((backlog) => backlog.oldestAgeSeconds)));
  })().finally(() => {
    outboxRead = undefined;
  });
  return outboxRead;
}

// ---------------------------------------------------------------------------------------------------
// Connection pools: PostgreSQL (knex's tarn pool) and Redis (ioredis). Read from memory on scrape.

/** What the pool gauges need from a knex pool (tarn). */
export interface PoolSource {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  readonly max: number;
}

/** What the Redis gauges need from an ioredis client, read when scraped. */
export interface RedisSource {
  ready: boolean;
  /** Commands sent and awaiting their reply, plus those queued while disconnected. */
  pending: number;
}

export const poolSources = new Set<() => PoolSource | undefined>();
export const redisSources = new Set<() => RedisSource>();

gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections: used (lent out), free (idle, open), pending (requests waiting for one)',
  labelNames: ['state'],
  collect() {
    let used = 0;
    let free = 0;
    let pending = 0;
    for (const source of poolSources) {
      const pool = source();
      if (!pool) continue;
      used += pool.numUsed();
      free += pool.numFree();
      pending += pool.numPendingAcquires();
    }
    this.set({ state: 'used' }, used);
    this.set({ state: 'free' }, free);
    this.set({ state: 'pending' }, pending);
  },
});

gauge({
  name: 'db_pool_max',
  help: 'The PostgreSQL pool size of this process (DATABASE_POOL_MAX)',
  collect() {
    let max = 0;
    for (const source of poolSources) max += source()?.max ?? 0;
    this.set(max);
  },
});

gauge({
  name: 'redis_connected',
  help: 'Whether the Redis client is connected and ready (1) or not (0)',
  collect() {
    if (redisSources.size === 0) return;
    let connected = 1;
    for (const source of redisSources) if (!source().ready) connected = 0;
    this.set(connected);
  },
});

gauge({
  name: 'redis_pending_commands',
  help: 'Redis commands waiting for their reply, or queued while the client is disconnected',
  collect() {
    let pending = 0;
    for (const source of redisSources) pending += source().pending;
    this.set(pending);
  },
});

// ---------------------------------------------------------------------------------------------------
// Messaging's real-time push (one catalogue of metric names: the chart's alerts and dashboard use them).

export const openWebSockets = gauge({
  name: 'messaging_open_websockets',
  help: 'WebSockets open on this messaging pod',
});

export const pushLatency = histogram({
  name: 'messaging_push_latency_seconds',
  help: "From a message's creation to its push being written to a recipient's socket on this pod, by path (direct, peer, relay)",
  labelNames: ['path'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

// ---------------------------------------------------------------------------------------------------
// The gateway's answer cache (gateway/src/answer-cache.ts).

export const gatewayAnswerCache = counter({
  name: 'gateway_answer_cache_total',
  help: "Proxied GET requests the gateway's answer cache saw, by service and result (hit, miss)",
  labelNames: ['service', 'result'],
});
