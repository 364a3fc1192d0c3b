import type { DomainEvent, EventEnvelope, EventType } from '@vnmarket/proto';
import type { Knex } from '../db';
import type { BroadcastSubscription, Subscription } from './event-bus';
import { idempotentHandler } from './outbox';

/** What a consumer does, per event type: the map's keys are the types its queue binds (results are ignored). */
export type EventHandlers<Args extends unknown[] = []> = {
  [T in EventType]?: (...args: [...Args, EventEnvelope<T>]) => unknown;
};

/** The types a handler map binds, and one function that sends each event to its handler. */
function dispatcher<Args extends unknown[]>(handlers: EventHandlers<Args>) {
  const eventTypes = Object.keys(handlers) as EventType[];
  const dispatch = async (args: Args, event: DomainEvent): Promise<void> => {
    const handler = handlers[event.type] as ((...all: [...Args, DomainEvent]) => unknown) | undefined;
    if (handler) await handler(...args, event);
  };
  return { eventTypes, dispatch };
}

/**
 * A service's queue consumer from a map of event type to handler. Each event is applied once: its id is
 * recorded in the handler's own transaction (idempotentHandler), so a redelivery changes nothing.
 */
export function eventSubscription(
  db: Knex,
  queue: string,
  handlers: EventHandlers<[Knex.Transaction]>,
  options: Pick<Subscription, 'maxRetries' | 'retryDelayMs' | 'prefetch'> = {},
): Subscription {
  const { eventTypes, dispatch } = dispatcher(handlers);
  return { queue, eventTypes, ...options, handle: idempotentHandler(db, (trx, event) => dispatch([trx], event)) };
}

/** A broadcast consumer (every replica gets every event) from a map of event type to handler. */
export function broadcastSubscription(handlers: EventHandlers): BroadcastSubscription {
  const { eventTypes, dispatch } = dispatcher(handlers);
  return { eventTypes, handle: (event) => dispatch([], event) };
}
