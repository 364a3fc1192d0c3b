import { parseEvent, type DomainEvent, type EventEnvelope } from '@vnmarket/proto';

/**
 * Several events of one type in one broker message. The outbox relay sends a run of same-type rows this
 * way: a busy chat writes hundreds of message.created a second, and RabbitMQ's cost (and each consumer's)
 * is per message, not per byte. A single event keeps the plain format (the envelope as the body).
 */
export const EVENT_BATCH_CONTENT_TYPE = 'application/vnd.vnmarket.event-batch+json';

/** Headers of one event as it would carry them alone: x-request-id, traceparent, tracestate. */
type EventHeaders = Record<string, unknown>;

/** An event to publish, with its own headers. */
export interface OutgoingEvent {
  event: EventEnvelope;
  headers: EventHeaders;
}

/** An event as a consumer handles it: validated, with the headers it was published with. */
export interface IncomingEvent {
  event: DomainEvent;
  headers: EventHeaders;
  /** One of a batch: its headers are its own, not the broker message's. */
  batched: boolean;
}

/** The fields of a broker message that carry events (amqplib's ConsumeMessage has them). */
export interface EventMessage {
  content: Buffer;
  properties: { contentType?: unknown; headers?: EventHeaders };
}

export function encodeEventBatch(events: OutgoingEvent[]): Buffer {
  return Buffer.from(JSON.stringify({ events }));
}

/**
 * The events a broker message holds: one for a plain message, each of a batch in order. Throws when any
 * breaks its contract; the message is then poison as a whole.
 */
export function eventsInMessage(message: EventMessage): IncomingEvent[] {
  const body: unknown = JSON.parse(message.content.toString('utf8'));
  if (message.properties.contentType !== EVENT_BATCH_CONTENT_TYPE)
    return [{ event: parseEvent(body), headers: message.properties.headers ?? {}, batched: false }];
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0) throw new Error('an event batch holds no events');
  return events.map((item: { event?: unknown; headers?: unknown }) => ({
    event: parseEvent(item?.event),
    headers: stringHeaders(item?.headers),
    batched: true,
  }));
}

/** Only string values: a header from a batch's body is as untrusted as the body. */
function stringHeaders(headers: unknown): EventHeaders {
  if (typeof headers !== 'object' || headers === null) return {};
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => typeof value === 'string'));
}
