import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { DomainEvent } from '@vnmarket/proto';
import { eventually } from '@vnmarket/testkit/core';
import { busFixture } from './support';

// What telemetry.ts's SDK sets up, with spans kept in memory (no amqplib instrumentation: see the last test).
const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
const tracer = trace.getTracer('test');

let fixture: Awaited<ReturnType<typeof busFixture>>;
const handled: { event: DomainEvent; spanId?: string }[] = [];

beforeAll(async () => {
  fixture = await busFixture('tracing');
  await fixture.bus.subscribe({
    queue: fixture.queue,
    eventTypes: ['phone.verified'],
    async handle(event) {
      handled.push({ event, spanId: trace.getActiveSpan()?.spanContext().spanId });
    },
  });
  fixture.bus.start();
  await fixture.bus.waitUntilConnected();
  fixture.outbox.start();
});

afterAll(async () => {
  await fixture.cleanup();
  trace.disable();
  propagation.disable();
  context.disable();
});

const spansNamed = (suffix: string) => exporter.getFinishedSpans().filter((span) => span.name.endsWith(suffix));

it('keeps each batched event in the trace of the request that wrote it: request → its publish span → its process span', async () => {
  const requests: { traceId: string; spanId: string; eventId: string }[] = [];
  await fixture.outbox.stop();
  for (let index = 0; index < 3; index += 1) {
    await tracer.startActiveSpan(`request ${index}`, async (span) => {
      const event = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone: `+1408555030${index}` }));
      requests.push({ ...span.spanContext(), eventId: event.id });
      span.end();
    });
  }
  // One relay pass outside any request: the three rows go out as one batch.
  const batchSizes: number[] = [];
  const publishEvents = fixture.bus.publishEvents.bind(fixture.bus);
  fixture.bus.publishEvents = (events) => {
    batchSizes.push(events.length);
    return publishEvents(events);
  };
  await fixture.outbox.flush();
  expect(batchSizes).toEqual([3]);
  fixture.outbox.start();
  await eventually(async () => expect(handled.filter(({ event }) => requests.some((request) => request.eventId === event.id))).toHaveLength(3));

  for (const request of requests) {
    const publish = spansNamed(' publish').find((span) => span.attributes['messaging.message.id'] === request.eventId)!;
    expect(publish.spanContext().traceId).toBe(request.traceId);
    expect(publish.parentSpanContext?.spanId).toBe(request.spanId);
    const processing = spansNamed(' process').find((span) => span.attributes['messaging.message.id'] === request.eventId)!;
    expect(processing.spanContext().traceId).toBe(request.traceId);
    expect(processing.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(handled.find(({ event }) => event.id === request.eventId)!.spanId).toBe(processing.spanContext().spanId);
  }
});

it('a batched event is the child of its own publish span even when a messaging instrumentation made an active span for the message', async () => {
  const { handleInMessageTrace } = await import('@vnmarket/shared');
  const publisher = tracer.startSpan('event publish');
  const headers: Record<string, unknown> = {};
  propagation.inject(trace.setSpan(context.active(), publisher), headers);
  publisher.end();
  // As amqplib's instrumentation does: a span of the broker message, active while the handler runs.
  const messageSpan = tracer.startSpan('batch message process');
  const parents = await context.with(trace.setSpan(context.active(), messageSpan), async () => {
    const parentOf = () => (trace.getActiveSpan() as unknown as { parentSpanContext?: { spanId: string } }).parentSpanContext?.spanId;
    return {
      batched: await handleInMessageTrace('q process', headers, {}, async () => parentOf(), true),
      alone: await handleInMessageTrace('q process', headers, {}, async () => parentOf()),
    };
  });
  messageSpan.end();
  expect(parents.batched).toBe(publisher.spanContext().spanId);
  expect(parents.alone).toBe(messageSpan.spanContext().spanId);
});
