import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';

/**
 * W3C trace context across HTTP and events, through OpenTelemetry's API. Without a started SDK
 * (telemetry.ts starts one only when OTEL_EXPORTER_OTLP_ENDPOINT is set) the API is a no-op: nothing
 * here records or carries anything, and each call costs a property check or two.
 *
 * One trace: gateway → service (HTTP) → outbox row (the context is stored with it) → relay (a producer
 * span, its context in the AMQP headers) → consumer (a span that is its child).
 */
const tracer = trace.getTracer('@vnmarket/shared');

/** traceparent/tracestate as they travel in HTTP headers, AMQP headers and an outbox row. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** The active trace context as W3C headers, or null when there is none (no SDK, no trace). */
export function currentTraceCarrier(): TraceCarrier | null {
  const active = context.active();
  if (trace.getSpanContext(active) === undefined) return null;
  const carrier: TraceCarrier = {};
  propagation.inject(active, carrier);
  return carrier.traceparent ? carrier : null;
}

/** Adds the active trace context to outgoing headers (a no-op without one). */
export function injectTraceContext(headers: Record<string, unknown>): void {
  const active = context.active();
  if (trace.getSpanContext(active) !== undefined) propagation.inject(active, headers);
}

/**
 * Runs a request's handling in the caller's trace when no instrumentation has started a span for it
 * already (the HTTP instrumentation does, when the SDK runs with it): what the request writes (an
 * outbox row) then belongs to the trace its traceparent names.
 */
export function runInIncomingTrace<T>(headers: Record<string, string | string[] | undefined>, run: () => T): T {
  if (headers.traceparent === undefined || trace.getSpan(context.active()) !== undefined) return run();
  return context.with(propagation.extract(context.active(), headers), run);
}

/** Runs `work` in a span named `name`, child of `parent`; the span records a failure and always ends. */
function inSpan<T>(name: string, kind: SpanKind, parent: Context, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `<event type> publish`: a relayed row's producer span, alone or in a batch. */
const publishSpanName = (attributes: Attributes) => `${String(attributes['messaging.destination.name'] ?? 'event')} publish`;

/**
 * The relay publishing one outbox row: a producer span, child of the context stored with the row, whose
 * own context the publish puts in the message headers. A row written outside any trace is sent as it
 * is, without a span of its own.
 */
export function publishInStoredTrace<T>(stored: TraceCarrier | null | undefined, attributes: Attributes, publish: () => Promise<T>): Promise<T> {
  if (!stored?.traceparent) return publish();
  return inSpan(publishSpanName(attributes), SpanKind.PRODUCER, propagation.extract(ROOT_CONTEXT, stored), attributes, publish);
}

/**
 * The headers of one outbox row sent in a batch (several events, one broker message): a producer span,
 * child of the row's stored context, ended at once (the broker publish is the batch's), whose context goes
 * in the row's own headers inside the batch. A row written outside any trace gets none.
 */
export function batchedEventHeaders(
  stored: TraceCarrier | null | undefined,
  attributes: Attributes,
  headers: Record<string, unknown>,
): Record<string, unknown> {
  if (!stored?.traceparent) return headers;
  const span = tracer.startSpan(publishSpanName(attributes), { kind: SpanKind.PRODUCER, attributes }, propagation.extract(ROOT_CONTEXT, stored));
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), headers);
  span.end();
  return headers;
}

/**
 * A consumer handling one event, in a span that is the child of the publisher's (from the message's
 * traceparent header), or of the messaging instrumentation's span when that made one already. An event
 * of a batch (`ownHeaders`) is the child of its own publish span, from the headers it carries in the
 * batch: the instrumentation's span belongs to the batch message.
 */
export function handleInMessageTrace<T>(
  name: string,
  headers: Record<string, unknown>,
  attributes: Attributes,
  handle: () => Promise<T>,
  ownHeaders = false,
): Promise<T> {
  const active = context.active();
  const parent = !ownHeaders && trace.getSpan(active) !== undefined ? active : propagation.extract(ROOT_CONTEXT, headers);
  return inSpan(name, SpanKind.CONSUMER, parent, attributes, handle);
}
