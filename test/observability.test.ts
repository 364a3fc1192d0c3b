import { randomBytes } from 'node:crypto';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { openSocket, registered, startStack, type Stack, type TestSocket, eventually, metricValue, scrapeMetrics } from '@vnmarket/testkit';

/**
 * Observability of the running system: /metrics on each process's metrics listener with live values
 * (never on the port the gateway routes to), and one trace from a request at the gateway to the
 * consumer of the event it caused. Tracing here is OpenTelemetry's API with an in-memory exporter, as
 * the SDK would set it up (without its auto-instrumentation, which jest's module loader cannot patch).
 */
const spans = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
trace.setGlobalTracerProvider(tracerProvider);

let stack: Stack<'auth' | 'messaging'>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startStack('observability', { only: ['auth', 'messaging'] });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await stack.stop();
  await tracerProvider.shutdown();
});

/** Services in one test process share one registry: either metrics URL shows them all (the gateway's too). */
const scrape = () => scrapeMetrics(stack.auth.metricsUrl);

it('shows live values at /metrics: requests by route and status, open sockets, push latency, pools, event bus and Node', async () => {
  const unauthorized = { route: '/api/auth/user', method: 'GET', status: '401' };
  const atGateway = { route: 'api_auth', method: 'GET', status: '401' };
  const before = await scrape();
  for (let index = 0; index < 3; index += 1) expect((await stack.client().get('/api/auth/user')).status).toBe(401);
  // Each request is counted when its response closes, which can come just after the client read its last byte.
  await eventually(async () => {
    const after = await scrape();
    expect(metricValue(after, 'http_server_requests_total', unauthorized)).toBe((metricValue(before, 'http_server_requests_total', unauthorized) ?? 0) + 3);
    expect(metricValue(after, 'http_server_requests_total', atGateway)).toBe((metricValue(before, 'http_server_requests_total', atGateway) ?? 0) + 3);
    expect(metricValue(after, 'http_server_request_duration_seconds_count', unauthorized)).toBe(metricValue(after, 'http_server_requests_total', unauthorized));
  });

  const alice = await registered(stack, { firstName: 'Alice' });
  const bob = await registered(stack, { firstName: 'Bảo' });
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').whereIn('id', [alice.user.id, bob.user.id])).toHaveLength(2));
  const openBefore = metricValue(await scrape(), 'messaging_open_websockets') ?? 0;
  const pushesBefore = metricValue(await scrape(), 'messaging_push_latency_seconds_count', { path: 'direct' }) ?? 0;
  const bobSocket = await openSocket(stack.gatewayUrl, bob.client.cookieHeader());
  sockets.push(bobSocket);
  await eventually(async () => expect(metricValue(await scrape(), 'messaging_open_websockets')).toBe(openBefore + 1));
  const sent = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Có ai đo không?' });
  expect(sent.status).toBe(201);
  await bobSocket.next((message) => message.type === 'new_message' && message.message.id === sent.body.id);
  const live = await scrape();
  expect(metricValue(live, 'messaging_push_latency_seconds_count', { path: 'direct' })).toBe(pushesBefore + 1);
  expect(metricValue(live, 'http_server_requests_total', { route: '/api/messages', method: 'POST', status: '201' })).toBeGreaterThanOrEqual(1);

  // Two services in this process, each with its pool and its Redis client.
  expect(metricValue(live, 'db_pool_max')).toBe(stack.auth.config.DATABASE_POOL_MAX + stack.messaging.config.DATABASE_POOL_MAX);
  const used = metricValue(live, 'db_pool_connections', { state: 'used' })!;
  const free = metricValue(live, 'db_pool_connections', { state: 'free' })!;
  expect(used + free).toBeGreaterThanOrEqual(1);
  expect(metricValue(live, 'db_pool_connections', { state: 'pending' })).toBe(0);
  expect(metricValue(live, 'redis_connected')).toBe(1);
  expect(metricValue(live, 'redis_pending_commands')).toBeGreaterThanOrEqual(0);

  const messagingQueue = `${stack.messaging.config.EVENTS_EXCHANGE}.messaging`;
  expect(metricValue(live, 'event_bus_connected', { connection: 'messaging-test' })).toBe(1);
  expect(metricValue(live, 'event_bus_consumer_lag_messages', { queue: messagingQueue })).toBeGreaterThanOrEqual(0);
  expect(metricValue(live, 'event_bus_dead_letter_messages', { queue: `${messagingQueue}.dlq` })).toBe(0);
  expect(metricValue(live, 'event_bus_event_age_seconds_count', { queue: messagingQueue, type: 'user.registered' })).toBeGreaterThanOrEqual(2);
  expect(metricValue(live, 'outbox_backlog_rows')).toBeGreaterThanOrEqual(0);
  expect(metricValue(live, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);

  bobSocket.ws.close();
  await eventually(async () => expect(metricValue(await scrape(), 'messaging_open_websockets')).toBe(openBefore));
});

it('serves /metrics on no public port: not on a service’s main port, and the gateway does not route it', async () => {
  for (const url of [stack.auth.url, stack.messaging.url, stack.gatewayUrl]) {
    const response = await fetch(`${url}/metrics`);
    expect({ url, status: response.status }).toEqual({ url, status: 404 });
    expect(await response.text()).not.toMatch(/http_server_requests_total|process_resident_memory_bytes/);
  }
});

it('carries a traceparent sent to the gateway through the service, its outbox row and the broker to the consumer’s span', async () => {
  const traceId = randomBytes(16).toString('hex');
  const clientSpanId = randomBytes(8).toString('hex');
  const response = await stack.client().post(
    '/api/register',
    { firstName: 'Lan', lastName: 'Trace', phone: `408${String(Date.now()).slice(-7)}`, password: 'correct horse' },
    {
      traceparent: `00-${traceId}-${clientSpanId}-01`,
      tracestate: 'vendor=observability-test',
    },
  );
  expect(response.status).toBe(201);

  // The outbox row keeps the request's context.
  const row = await stack.auth.infrastructure
    .db('outbox_events')
    .where({ type: 'user.registered' })
    .whereRaw("envelope->'data'->>'id' = ?", [response.body.id])
    .first();
  expect(row.trace_context).toEqual({ traceparent: `00-${traceId}-${clientSpanId}-01`, tracestate: 'vendor=observability-test' });

  // The relay's publish is the request's child, and messaging's handling the publish's child.
  const messagingQueue = `${stack.messaging.config.EVENTS_EXCHANGE}.messaging`;
  const consumer = await eventually(async () => {
    const found = spans.getFinishedSpans().find((span) => span.spanContext().traceId === traceId && span.name === `${messagingQueue} process`);
    if (!found) throw new Error('no consumer span in the trace yet');
    return found;
  });
  const producer = spans.getFinishedSpans().find((span) => span.spanContext().traceId === traceId && span.kind === SpanKind.PRODUCER);
  expect(producer).toMatchObject({ name: 'user.registered publish', parentSpanContext: { spanId: clientSpanId } });
  expect(consumer.kind).toBe(SpanKind.CONSUMER);
  expect(consumer.parentSpanContext?.spanId).toBe(producer!.spanContext().spanId);
  expect(consumer.attributes).toMatchObject({ 'messaging.message.id': row.id, 'event.type': 'user.registered' });
});
