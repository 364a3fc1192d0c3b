import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent } from '@vnmarket/proto';
import {
  createLogger,
  deadLetterQueueOf,
  outboxBacklogSources,
  recordRequest,
  SCRAPE_READ_TIMEOUT_MS,
  startMetricsServer,
  type MetricsServer,
} from '@vnmarket/shared';
import { AMQP_URL, eventually, metricValue, scrapeMetrics } from '@vnmarket/testkit/core';
import { busFixture } from './support';

/** The metrics listener and the gauges read on scrape, against the real PostgreSQL and RabbitMQ. */
let fixture: Awaited<ReturnType<typeof busFixture>>;
let metrics: MetricsServer;
let connection: amqp.ChannelModel;
/** Handlers of the test queue wait on this until the test lets them go. */
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  fixture = await busFixture('metrics');
  metrics = (await startMetricsServer({ port: 0, host: '127.0.0.1', logger: fixture.logger }))!;
  connection = await amqp.connect(AMQP_URL);
});

afterAll(async () => {
  release();
  await connection.close();
  await metrics.close();
  await fixture.cleanup();
});

it('serves Prometheus text at /metrics, with Node’s own metrics, and a JSON 404 anywhere else', async () => {
  const text = await scrapeMetrics(metrics.url);
  for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
    expect(metricValue(text, name)).toBeGreaterThan(0);
  }
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/metricsx'],
    ['POST', '/metrics'],
  ] as const) {
    const response = await fetch(`${metrics.url}${path}`, { method });
    expect({ path, method, status: response.status }).toEqual({ path, method, status: 404 });
    expect(((await response.json()) as { message: string }).message).toMatch(/Not found/);
  }
});

it('runs on without a listener when the port is taken, instead of failing the process', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => taken.once('listening', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    expect(await startMetricsServer({ port, host: '127.0.0.1', logger: createLogger('test', 'silent') })).toBeUndefined();
  } finally {
    taken.close();
  }
});

it('counts requests by route, method and status, with their durations', async () => {
  const series = { route: '/api/things/:id', method: 'GET', status: '200' };
  const before = metricValue(await scrapeMetrics(metrics.url), 'http_server_requests_total', series) ?? 0;
  recordRequest('/api/things/:id', 'GET', 200, 0.02);
  recordRequest('/api/things/:id', 'GET', 200, 0.3);
  recordRequest('/api/things/:id', 'GET', 404, 0.001);
  const text = await scrapeMetrics(metrics.url);
  expect(metricValue(text, 'http_server_requests_total', series)).toBe(before + 2);
  expect(metricValue(text, 'http_server_requests_total', { ...series, status: '404' })).toBeGreaterThanOrEqual(1);
  expect(metricValue(text, 'http_server_request_duration_seconds_bucket', { ...series, le: '0.025' })).toBeGreaterThanOrEqual(1);
  expect(metricValue(text, 'http_server_request_duration_seconds_count', series)).toBe(before + 2);
});

it('reports the outbox backlog and the age of its oldest row, read when scraped', async () => {
  // The bus is not connected yet: the relay keeps every row.
  fixture.outbox.start();
  const empty = await scrapeMetrics(metrics.url);
  expect(metricValue(empty, 'outbox_backlog_rows')).toBe(0);
  expect(metricValue(empty, 'outbox_oldest_unsent_age_seconds')).toBe(0);
  for (const phone of ['+14085550111', '+14085550112']) {
    await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone }));
  }
  await fixture.db('outbox_events').update({ created_at: fixture.db.raw("now() - interval '90 seconds'") });
  const waiting = await scrapeMetrics(metrics.url);
  expect(metricValue(waiting, 'outbox_backlog_rows')).toBe(2);
  expect(metricValue(waiting, 'outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(90);
  expect(metricValue(waiting, 'outbox_oldest_unsent_age_seconds')).toBeLessThan(120);
});

it('reports consumer lag and dead-letter depth read from the broker on scrape, and the age of events handled', async () => {
  const handled: string[] = [];
  await fixture.bus.subscribe({
    queue: fixture.queue,
    eventTypes: ['phone.verified'],
    prefetch: 1,
    async handle(event) {
      handled.push(event.id);
      await held;
    },
  });
  fixture.bus.start();
  await fixture.bus.waitUntilConnected();
  // The two rows of the test before go out now, as one message (a batch of one type): it is in flight,
  // both its events held, and what is published next waits.
  await eventually(async () => expect(handled).toHaveLength(2));
  const channel = await connection.createChannel();
  const occurredAt = new Date(Date.now() - 30_000);
  for (let index = 0; index < 3; index += 1) {
    channel.publish(
      fixture.exchange,
      'phone.verified',
      Buffer.from(JSON.stringify(buildEvent('phone.verified', { userId: randomUUID(), phone: '+14085550113' }, randomUUID(), occurredAt))),
    );
  }
  channel.sendToQueue(deadLetterQueueOf(fixture.queue), Buffer.from('not an event'));
  await channel.close();
  await eventually(async () => {
    const text = await scrapeMetrics(metrics.url);
    expect(metricValue(text, 'event_bus_consumer_lag_messages', { queue: fixture.queue })).toBe(3);
    expect(metricValue(text, 'event_bus_dead_letter_messages', { queue: deadLetterQueueOf(fixture.queue) })).toBe(1);
    expect(metricValue(text, 'event_bus_connected', { connection: 'test-metrics' })).toBe(1);
  });

  release();
  await eventually(async () => expect(handled).toHaveLength(5));
  await eventually(async () => {
    const text = await scrapeMetrics(metrics.url);
    expect(metricValue(text, 'event_bus_consumer_lag_messages', { queue: fixture.queue })).toBe(0);
    const series = { queue: fixture.queue, type: 'phone.verified' };
    expect(metricValue(text, 'event_bus_event_age_seconds_count', series)).toBe(5);
    // The three that occurred 30 s ago are at least that old when handled; the outbox's two are younger.
    expect(metricValue(text, 'event_bus_event_age_seconds_bucket', { ...series, le: '30' })).toBe(2);
    expect(metricValue(text, 'event_bus_event_age_seconds_bucket', { ...series, le: '60' })).toBe(5);
  });
});

it('answers a scrape on time when a source does not answer, keeping the last value and counting the miss', async () => {
  const hung = { backlog: () => new Promise<never>(() => undefined) };
  outboxBacklogSources.add(hung);
  try {
    const started = Date.now();
    const text = await scrapeMetrics(metrics.url);
    expect(Date.now() - started).toBeLessThan(SCRAPE_READ_TIMEOUT_MS + 2000);
    expect(metricValue(text, 'outbox_backlog_rows')).toBe(0);
    // Counted while that scrape was being answered: the next one shows it.
    expect(metricValue(await scrapeMetrics(metrics.url), 'metrics_scrape_read_failures_total', { source: 'outbox' })).toBeGreaterThanOrEqual(1);
  } finally {
    outboxBacklogSources.delete(hung);
  }
});
